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

/**
 * A fixed piece of the servers' own kind of work, in this Node process (nothing of the shop's code): loopback HTTP
 * round trips on a kept-alive connection (system calls, the scheduler, Node's HTTP parser), JSON written and read,
 * fresh memory touched (page faults), and a gzip. The shop's Node processes spend most of a request there; the text
 * search work above stays in PostgreSQL and in the CPU's caches, and a machine of CI's kind can be as fast as the
 * reference machine at it and much slower at this: on 2026-12-03 one such machine did the text search in 190 ms
 * (the reference: 187) and served a third fewer requests than on a day it did it in 271 ms.
 */
export async function timeServerWork(runs = 5): Promise<number[]> {
  const { createServer } = await import('node:http');
  const { gzipSync } = await import('node:zlib');
  const page = JSON.stringify({
    data: {
      products: Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, title: `Product ${i}`, price: 1000 + i, tags: ['a', 'b', `t${i}`] })),
    },
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { n: number };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ ...(JSON.parse(page) as object), n: body.n }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const { Agent, request } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const roundTrip = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          JSON.parse(Buffer.concat(chunks).toString());
          resolve();
        });
      });
      req.on('error', reject);
      req.end(JSON.stringify({ n }));
    });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs + 1; run += 1) {
      const started = performance.now();
      for (let i = 0; i < 400; i += 1) await roundTrip(i);
      // Fresh memory, touched: a block too large for any malloc to keep (above glibc's largest mmap threshold, 32 MiB),
      // so every run maps it and faults in 3,072 of its pages (one in four), as a heap's new pages are, whatever the
      // allocator's settings.
      const fresh = Buffer.allocUnsafeSlow(48 * 1024 * 1024);
      for (let at = 0; at < fresh.length; at += 16 * 1024) fresh[at] = 1;
      for (let i = 0; i < 40; i += 1) gzipSync(Buffer.from(page.repeat(4)));
      // The first run warms the code up and is not counted.
      if (run > 0) times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return times;
}

/**
 * What the servers' kind of work above takes on the reference machine of the load run's floor (tests/load): one that
 * serves LOAD_REFERENCE_RATE requests a second at 4 shoppers, the floor of 90 sitting at seven tenths of it (the best
 * rate varies by about a fifth run to run). Inferred as the search work's reference is, from the load run itself: on
 * 2026-12-03 (Node 24, this machine, after the warm-up) this work took 101-102 ms in two runs where the shop served
 * 119 and 120 requests a second at 4 shoppers (p99 150-153 ms); so 101.5 × 120 / 130. On the same day, a run on a
 * slower moment of the machine timed this work at 144 ms and the text search above at 1.0×.
 */
const LOAD_REFERENCE_RATE = 130;
export const SERVER_WORK_REFERENCE_MS = (101.5 * 120) / LOAD_REFERENCE_RATE;

/** How much slower than the reference machine this one is at the servers' kind of work (1 when as fast or faster), printed. */
export function slowerAtServerWorkBy(times: number[]) {
  const ms = percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
  const factor = Math.max(1, ms / SERVER_WORK_REFERENCE_MS);
  console.log(
    `  Node: the reference server work took ${ms.toFixed(0)} ms (reference machine: ${SERVER_WORK_REFERENCE_MS.toFixed(0)} ms)` +
      (factor > 1 ? `: this machine is ${factor.toFixed(2)}× slower at it` : ': as fast or faster'),
  );
  return factor;
}
