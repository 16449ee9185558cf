/**
 * The machine's speed at the database's own work, beside the reference machine's, so that a bench's latency goal
 * judges a slower machine as the reference judges a commit (the Lighthouse gate's reasoning): a fixed query of
 * PostgreSQL's text search (the parser, the English stemmer, a prefix match; no table, so nothing of this shop's),
 * its median time over runs before and after the bench's own. The reference is the 2-core machine the search goals
 * were met on (benchmarkIndex ~2,400, 2026-11-28), where it took these many milliseconds; the same machine on a
 * slower day (benchmarkIndex ~1,200) searched at p50 13.5 ms, and CI's machines differ by as much.
 */
import { sql } from 'kysely';

const REFERENCE_WORK = sql`
  select count(*) from generate_series(1, 100000) g
  where to_tsvector('english', 'word' || (g % 977) || ' other' || (g % 13) || ' cameras') @@ to_tsquery('english', 'word5:* & camera')`;
const REFERENCE_MS = { postgres: 187, pglite: 362 };

/** The sample at percentile `p` of sorted samples. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Nine runs of the reference work on `db` (a Kysely instance), in milliseconds. */
export async function timeReferenceWork(db: Parameters<typeof REFERENCE_WORK.execute>[0]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 9; i += 1) {
    const started = performance.now();
    await REFERENCE_WORK.execute(db);
    times.push(performance.now() - started);
  }
  return times;
}

/** How much slower than the reference machine this one is at the reference work (1 when as fast or faster), printed. */
export function slowerBy(kind: keyof typeof REFERENCE_MS, times: number[]) {
  const ms = percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
  const factor = Math.max(1, ms / REFERENCE_MS[kind]);
  console.log(
    `  ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: the reference text-search work took ${ms.toFixed(0)} ms (reference machine: ${REFERENCE_MS[kind]} ms)` +
      (factor > 1 ? `: this machine is ${factor.toFixed(2)}× slower, and the goals are scaled by that` : ': the goals as they are'),
  );
  return factor;
}
