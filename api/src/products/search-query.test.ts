import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_CHARS, searchWords, wordQueries } from './search-query.js';
import { correction, editDistance } from './typos.js';

describe('a search’s words', () => {
  it('keeps letters and digits of any script, lower-cased, and leaves sizes’ units out', () => {
    expect(searchWords('  Noise-Cancelling  HEADPHONES ').words).toEqual(['noise', 'cancelling', 'headphones']);
    expect(searchWords('55" TV').words).toEqual(['55', 'tv']);
    expect(searchWords('55 inch tv').words).toEqual(['55', 'tv']);
    expect(searchWords('in the box').words).toEqual(['in', 'the', 'box']);
    expect(searchWords('हेडफ़ोन और कैमरा').words).toEqual(['हेडफ़ोन', 'और', 'कैमरा']);
    expect(searchWords('سماعات').words).toEqual(['سماعات']);
    expect(searchWords('🎧 headphones 🎧').words).toEqual(['headphones']);
    expect(searchWords('ＭａｃＢｏｏｋ').words).toEqual(['macbook']);
  });

  it('reads numbers and units as the catalogue’s text is read: a decimal apart from its unit, a whole number with it', () => {
    expect(searchWords('3.5mm jack').words).toEqual(['3.5', 'mm', 'jack']);
    expect(searchWords('6,5 inch').words).toEqual(['6.5']);
    expect(searchWords('1TB SSD').words).toEqual(['1tb', 'ssd']);
    expect(searchWords('v1.2.3').words).toEqual(['v1', '2.3']);
    expect(wordQueries(['3.5'])).toEqual([{ english: "'3.5':*", simple: "'3.5':*" }]);
  });

  it('never lets the query language’s operators, quotes or backslashes through', () => {
    for (const hostile of ['1.5 & 2,5:*', 'a & | ! :* ( )', "'; drop table products; --", "\\' | 'x':*", '<->', '!!!', 'a:*B & !c']) {
      const { words } = searchWords(hostile);
      for (const w of words) expect(w).toMatch(/^([\p{L}\p{M}\p{N}]+|\d+\.\d+)$/u);
      for (const q of wordQueries(words))
        for (const text of [q.english, q.simple]) expect(text).toMatch(/^'([\p{L}\p{M}\p{N}]+|\d+\.\d+)':\*$/u);
    }
    expect(searchWords('!!!').words).toEqual([]);
    expect(wordQueries([])).toEqual([]);
    expect(() => wordQueries(["it's"])).toThrow('not a search word');
  });

  it('caps a long search and says so', () => {
    const long = searchWords('camera '.repeat(200));
    expect(long.capped).toBe(true);
    expect(long.words.length).toBeLessThanOrEqual(8);
    expect(searchWords('x'.repeat(SEARCH_MAX_CHARS + 50)).words[0]).toHaveLength(SEARCH_MAX_CHARS);
    expect(searchWords('sony camera').capped).toBe(false);
  });

  it('makes every word a prefix, with its synonyms as alternatives', () => {
    expect(wordQueries(['tv', '55'])).toEqual([
      { english: "'tv':*", simple: "'tv':*" },
      { english: "'55':*", simple: "'55':*" },
    ]);
    const synonyms = (w: string) => (w === 'earbuds' ? [['headphones'], ['noise', 'cancelling']] : []);
    expect(wordQueries(['sony', 'earbuds'], synonyms)[1]).toEqual({
      english: "('earbuds':* | 'headphones':* | 'noise':* <-> 'cancelling':*)",
      simple: "'earbuds':*",
    });
  });
});

describe('a typo put right', () => {
  const vocabulary = new Map([
    ['headphones', 9],
    ['laptop', 9],
    ['laptops', 9],
    ['samsung', 7],
    ['garmin', 2],
    ['sony', 7],
    ['macbook', 2],
  ]);
  it('counts a swap of two neighbours as one edit', () => {
    expect(editDistance('gramin', 'garmin', 2)).toBe(1);
    expect(editDistance('samsnug', 'samsung', 2)).toBe(1);
    expect(editDistance('headphnes', 'headphones', 2)).toBe(1);
    expect(editDistance('abc', 'xyzabc', 2)).toBe(3);
  });
  it('takes the nearest of the catalogue’s words, and leaves right words, prefixes, short words and numbers alone', () => {
    expect(correction('headphnes', vocabulary)).toBe('headphones');
    expect(correction('lapotp', vocabulary)).toBe('laptop');
    expect(correction('gramin', vocabulary)).toBe('garmin');
    expect(correction('samsnug', vocabulary)).toBe('samsung');
    expect(correction('sony', vocabulary)).toBeNull();
    expect(correction('macb', vocabulary)).toBeNull();
    expect(correction('snoy', vocabulary)).toBe('sony');
    expect(correction('tv', vocabulary)).toBeNull();
    expect(correction('1000', vocabulary)).toBeNull();
    expect(correction('refrigerator', vocabulary)).toBeNull();
  });
});
