/**
 * The machine's speed at the database's own work, beside the reference machine's, so that a bench's latency goal
 * judges a slower machine as the reference judges a commit (the Lighthouse gate's reasoning): a fixed query of
 * PostgreSQL's text search (the parser, the English stemmer, a prefix match; no table, so nothing of this shop's),
 * its median time over runs before and after the bench's own. The reference is the 2-core machine the search goals
 * were met on (benchmarkIndex ~2,400, 2026-11-28), where it took these many milliseconds; the same machine on a
 * slower day (benchmarkIndex ~1,200) searched at p50 13.5 ms, and CI's machines differ by as much.
 */
import { sql } from 'kysely';

const REFERENCE_TEXT = `
  select count(*) from generate_series(1, 100000) g
  where to_tsvector('english', 'word' || (g % 977) || ' other' || (g % 13) || ' cameras') @@ to_tsquery('english', 'word5:* & camera')`;
const REFERENCE_WORK = sql.raw(REFERENCE_TEXT);
const REFERENCE_MS = { postgres: 187, pglite: 362 };

/** `runs` runs of the reference work through any client that runs SQL text (a pg.Pool's query), in milliseconds. */
export async function timeReferenceText(query: (text: string) => Promise<unknown>, runs = 9): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await query(REFERENCE_TEXT);
    times.push(performance.now() - started);
  }
  return times;
}

/** The sample at percentile `p` of sorted samples. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `runs` runs (nine unless told) of the reference work on `db` (a Kysely instance), in milliseconds. */
export async function timeReferenceWork(db: Parameters<typeof REFERENCE_WORK.execute>[0], runs = 9): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
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

/**
 * A fixed piece of the search's own kind of work, on a table generated here (the same on every machine; nothing of
 * the shop's schema or code): GIN-indexed word matches over a table of its own, each a page of 20 in an order of
 * their own and a count stopped at 1,000, one statement after another from this process, as a search does.
 *
 * The text-search work above stays in the CPU's caches; a search reads index and table pages spread over
 * memory, and waits on the round trips between this process and the database. On a machine of CI's kind the two
 * part: on 2026-12-02 a machine that did the work above in 183-194 ms (the reference machine: 187) searched at
 * p50 11.9-13.8 ms, where the reference machine searched at p50 8.1-8.6 ms with the same search code (nothing in
 * it changed between: `git log f3266a4.. -- api/src/products`). This work tells the two machines apart as the
 * searches did. Its reference figures are what the reference machine would have taken, inferred as the Lighthouse
 * bench's page work's is (page-work.ts): this work's time here × (the reference machine's search p50 ÷ the search
 * p50 here), both in the same runs: PostgreSQL 8.4 ms there (the middle of 8.1-8.6), PGlite 8.5 ms (its p50 at
 * 10,000 products the same day).
 */
const SEARCH_WORK_ROWS = { postgres: 100_000, pglite: 10_000 };
// Measured 2026-12-02 in two runs each (PostgreSQL: this work 22.4 and 22.7 ms, the searches p50 13.0 and 13.1 ms:
// 22.55 × 8.4 / 13.05; PGlite: 7.8 ms at p50 8.2 ms and 11.2 ms at p50 11.3 ms: 8.1 and 8.4).
const SEARCH_WORK_REFERENCE_MS = { postgres: 14.5, pglite: 8.2 };
const SEARCH_WORK_QUERIES = ['w3', 'x42', 'y500', 'z77', 'w3 & x42', 'x7 & y70', 'w1 & w1', 'x100 & z5'];

/** Makes the table the search's kind of work reads (`rows` of it), vacuumed and analysed. */
export async function prepareSearchWork(db: Parameters<typeof REFERENCE_WORK.execute>[0], kind: keyof typeof SEARCH_WORK_ROWS) {
  await sql`drop table if exists bench_reference_docs`.execute(db);
  await sql`create table bench_reference_docs (id int primary key, doc tsvector not null, sold int not null)`.execute(db);
  await sql`
    insert into bench_reference_docs
    select g, to_tsvector('simple', 'w' || (g % 7) || ' x' || (g % 101) || ' y' || (g % 997) || ' z' || (g::bigint * 7919 % 10007)), (g::bigint * 31337 % 500)::int
    from generate_series(1, ${SEARCH_WORK_ROWS[kind]}::int) g`.execute(db);
  await sql`create index bench_reference_docs_doc on bench_reference_docs using gin (doc)`.execute(db);
  await sql`create index bench_reference_docs_sold on bench_reference_docs (sold desc, id)`.execute(db);
  await sql`vacuum analyze bench_reference_docs`.execute(db);
}

/** `runs` runs of the search's kind of work (prepareSearchWork first), each in milliseconds. */
export async function timeSearchWork(db: Parameters<typeof REFERENCE_WORK.execute>[0], runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    for (const q of SEARCH_WORK_QUERIES) {
      await sql`select id from bench_reference_docs where doc @@ to_tsquery('simple', ${q}) order by sold desc, id limit 20`.execute(db);
      await sql`select count(*) from (select 1 from bench_reference_docs where doc @@ to_tsquery('simple', ${q}) limit 1000) m`.execute(db);
    }
    times.push(performance.now() - started);
  }
  return times;
}

/** How much slower than the reference machine this one is at the search's kind of work (1 when as fast or faster), printed. */
export function slowerAtSearchBy(kind: keyof typeof SEARCH_WORK_ROWS, times: number[]) {
  const ms = percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
  const reference = SEARCH_WORK_REFERENCE_MS[kind];
  const factor = Math.max(1, ms / reference);
  console.log(
    `  ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: the reference search work took ${ms.toFixed(1)} ms (reference machine: ${reference} ms)` +
      (factor > 1 ? `: this machine is ${factor.toFixed(2)}× slower, and the goals are scaled by that` : ': the goals as they are'),
  );
  return factor;
}
