// A shopper's words made into a PostgreSQL full-text query, safely: only letters and digits reach the query
// (never its operators, quotes or backslashes), each word as a prefix (the shopper is still typing), with the
// shop's synonyms of it as alternatives. PostgreSQL's English configuration stems each (headphones → headphon).

/** At most this many characters of a search are read; the rest is left out, and the answer says so. */
export const SEARCH_MAX_CHARS = 100;
/** At most this many words of a search are used. */
export const SEARCH_MAX_WORDS = 8;

/** Words that only say how a size is measured ("55 inch", 55"): the number is the word that matters. */
const UNITS = new Set(['inch', 'inches', 'in']);

export interface SearchWords {
  /** The words searched for, lower-cased, in order. */
  words: string[];
  /** True when the search was longer than SEARCH_MAX_CHARS characters or SEARCH_MAX_WORDS words. */
  capped: boolean;
}

/**
 * The words of a search: letters and digits of any script, lower-cased; sizes' units left out. A decimal number
 * is one word, apart from the unit after it ("3.5mm" is 3.5 and mm), as PostgreSQL reads a product's text; a
 * whole number and its unit stay one ("1tb", "512gb"), as PostgreSQL reads them too.
 */
export function searchWords(text: string): SearchWords {
  const normal = text.normalize('NFKC');
  const read = [...normal].slice(0, SEARCH_MAX_CHARS).join('');
  const all = (read.toLowerCase().match(/\d+[.,]\d+|[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .map((w) => w.replace(',', '.'))
    .filter((w, i, ws) => !(UNITS.has(w) && i > 0 && /^\d+(\.\d+)?$/.test(ws[i - 1] ?? '')));
  return { words: all.slice(0, SEARCH_MAX_WORDS), capped: [...normal].length > SEARCH_MAX_CHARS || all.length > SEARCH_MAX_WORDS };
}

/** A word as a query's lexeme: quoted, made only of letters and digits (searchWords' and the synonyms' own). */
const lexeme = (w: string) => {
  if (!/^([\p{L}\p{M}\p{N}]+|\d+\.\d+)$/u.test(w)) throw new Error(`not a search word: ${JSON.stringify(w)}`);
  return `'${w}'`;
};

/** One word of a search as the database matches it: in English (stemmed, with its synonyms), or as typed. */
export interface WordQuery {
  /** `to_tsquery('english', …)`'s text: the word as a prefix, or one of its synonyms. */
  english: string;
  /** `to_tsquery('simple', …)`'s text: the word as typed, as a prefix (English drops "a", "on", "the"…). */
  simple: string;
}

/**
 * Each word's queries: every word must match, as a prefix, or one of its synonyms (each a word or words in a row,
 * each word a prefix too: "tv" finds the category TVs). A word English leaves out (a stop word such as "a" or
 * "on") still finds the words it begins, through its `simple` query.
 */
export function wordQueries(words: string[], synonyms: (word: string) => string[][] = () => []): WordQuery[] {
  return words.map((w) => {
    const alternatives = [`${lexeme(w)}:*`, ...synonyms(w).map((phrase) => phrase.map((p) => `${lexeme(p)}:*`).join(' <-> '))];
    return { english: alternatives.length === 1 ? (alternatives[0] as string) : `(${alternatives.join(' | ')})`, simple: `${lexeme(w)}:*` };
  });
}
