/** A piece of a title: marked when one of its words begins with a word searched for. */
export interface TitlePiece {
  text: string;
  marked: boolean;
}

/**
 * A title in pieces, each word marked that begins with one of `terms` (a search's words and its synonyms'
 * words, lower-cased), case and accents aside, so "MacBook" is marked for "mac" and "Headphones" for "headphone".
 * The words of any script are read as the shop's search reads them: letters, marks and digits.
 */
export function markWords(title: string, terms: readonly string[]): TitlePiece[] {
  const wanted = terms.map(fold).filter((t) => t.length > 0);
  if (wanted.length === 0) return [{ text: title, marked: false }];
  const pieces: TitlePiece[] = [];
  const push = (text: string, marked: boolean) => {
    const last = pieces.at(-1);
    if (last && last.marked === marked) last.text += text;
    else if (text) pieces.push({ text, marked });
  };
  let at = 0;
  for (const m of title.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    push(title.slice(at, m.index), false);
    const word = fold(m[0]);
    push(
      m[0],
      wanted.some((t) => word.startsWith(t)),
    );
    at = m.index + m[0].length;
  }
  push(title.slice(at), false);
  return pieces;
}

const fold = (w: string) => w.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
