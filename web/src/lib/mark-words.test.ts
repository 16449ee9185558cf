import { describe, expect, it } from 'vitest';
import { markWords } from './mark-words';

describe('marking a search’s words in a title', () => {
  it('marks each word that begins with a term, case and accents aside', () => {
    expect(markWords('Apple MacBook Air 13 M3', ['mac', 'air'])).toEqual([
      { text: 'Apple ', marked: false },
      { text: 'MacBook', marked: true },
      { text: ' ', marked: false },
      { text: 'Air', marked: true },
      { text: ' 13 M3', marked: false },
    ]);
    expect(markWords('Café Noir', ['cafe'])).toEqual([
      { text: 'Café', marked: true },
      { text: ' Noir', marked: false },
    ]);
  });

  it('marks only the beginnings of words, and nothing without terms', () => {
    expect(markWords('Samsung Galaxy Tab S9', ['tab'])).toEqual([
      { text: 'Samsung Galaxy ', marked: false },
      { text: 'Tab', marked: true },
      { text: ' S9', marked: false },
    ]);
    expect(markWords('Sony WH-1000XM5', ['000'])).toEqual([{ text: 'Sony WH-1000XM5', marked: false }]);
    expect(markWords('Sony', [])).toEqual([{ text: 'Sony', marked: false }]);
  });

  it('reads words of any script', () => {
    expect(markWords('हेडफ़ोन Pro', ['हेडफ़ोन'])).toEqual([
      { text: 'हेडफ़ोन', marked: true },
      { text: ' Pro', marked: false },
    ]);
  });
});
