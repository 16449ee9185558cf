/** A lifecycle as a table: for each status, the statuses it may move to. */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

/**
 * Why a move along a lifecycle is refused, in words for the person who asked (`the` and `a` name the thing,
 * `final` says that a status with no way on is final); null when the table allows it.
 */
export function moveProblem<S extends string>(
  table: Transitions<S>,
  from: S,
  to: S,
  words: { the: string; a: string; final: string },
): string | null {
  const next = table[from];
  if (next.includes(to)) return null;
  if (from === to) return `${words.the} is already ${from}`;
  return next.length === 0
    ? `${words.the} is ${from}; ${words.final}`
    : `${words.a} that is ${from} cannot become ${to}; it can become ${next.join(' or ')}`;
}
