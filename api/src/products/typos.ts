// Words mistyped, put right from the catalogue's own words: the closest word by edit distance, counting a swap of
// two letters next to each other as one edit (Damerau's optimal string alignment), as shoppers' typos mostly are
// one letter left out, added, changed or two swapped ("headphnes", "samsnug", "gramin").

/** The edits between two words (insert, delete, change, or swap two neighbours), or more than `max` as max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        (rows[0] as number[])[j] = j;
        continue;
      }
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2] as number[])[j - 2]! + 1);
      row[j] = d;
    }
    if (i > 0 && Math.min(...(rows[i] as number[])) > max) return max + 1;
  }
  return Math.min((rows[a.length] as number[])[b.length] as number, max + 1);
}

/** How many edits a word of this length may hold and still be put right: none under 4 letters, 1 under 8, else 2. */
export const editsAllowed = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/**
 * The catalogue's word closest to `word`, when `word` is not one of them (nor the start of one) and one is near
 * enough; of equally near words, the one more products use. `vocabulary` maps each word to how many use it.
 */
export function correction(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  if (vocabulary.has(word) || /^\d+$/.test(word)) return null;
  const max = editsAllowed(word);
  if (max === 0) return null;
  let best: { word: string; edits: number; uses: number } | null = null;
  for (const [candidate, uses] of vocabulary) {
    if (candidate.startsWith(word)) return null;
    const edits = editDistance(word, candidate, max);
    if (edits > max) continue;
    if (!best || edits < best.edits || (edits === best.edits && uses > best.uses)) best = { word: candidate, edits, uses };
  }
  return best?.word ?? null;
}
