/**
 * Search latency at scale: the demo catalogue grown to 100,000 products on PostgreSQL (and 10,000 on the embedded
 * PGlite), then every judged query of tests/search/judged.json, the one-letter and two-letter beginnings a
 * typeahead sends, and typos, each run through the api's own search (products/search-results.ts: the words, the
 * page of 20, its count, a typo's correction, a widened search) and its facet counts, in process (no HTTP or JSON).
 * Prints p50 and p99 of each; `--check` holds the search to p50 ≤ 10 ms and p99 ≤ 50 ms on PostgreSQL, and PGlite
 * (one process, no parallel workers) to twice that, as on the reference machine: a machine slower than it at the
 * search's own kind of work (machine-speed.ts: indexed word matches on a table generated there, timed before,
 * between and after the searches) has the goals scaled by how much slower, printed; never stricter than the goals. A search of two words with its facets is measured and printed
 * but not held: exact counts read every match (docs/performance.md says what that costs), and the floor under them,
 * a bare count of the same matches, is printed beside them.
 *
 *   node --conditions=source --import tsx tests/bench/search-latency.ts [--check] [--products=100000] [--pglite=10000]
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { facetCounts, filtered, migrateToLatest, openDb, parseProductListQuery, searchProducts, seedDemo } from '@digitic/api/bench';
import { sql } from 'kysely';
import pg from 'pg';
import { percentile, prepareSearchWork, slowerAtSearchBy, timeSearchWork } from './machine-speed';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]));
const CHECK = args.has('check');
const PG_PRODUCTS = Number(args.get('products') ?? 100_000);
const PGLITE_PRODUCTS = Number(args.get('pglite') ?? 10_000);
const GOAL = { p50: 10, p99: 50 };
/** One run of the reference search work after every this many searches. */
const REFERENCE_EVERY = 11;

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const judged = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../search/judged.json'), 'utf8')) as { queries: { q: string }[] }
).queries.map((j) => j.q);
// What a typeahead sends as a shopper starts typing, and searches that find nothing or need their typos put right.
const QUERIES = [
  ...judged,
  'a',
  's',
  'l',
  'so',
  'ap',
  'sam',
  'lap',
  'hea',
  'headphnes',
  'smasung tv',
  'qwzxvkj',
  'sony wireless noise cancelling headphones',
];

type Database = Awaited<ReturnType<typeof openDb>>;

/** The demo catalogue's products again and again, each copy a product of its own, until there are `n`. */
async function grow(db: Database, n: number) {
  await seedDemo(db.db);
  const have = Number((await sql<{ n: number }>`select count(*)::int as n from products`.execute(db.db)).rows[0]?.n ?? 0);
  const copies = Math.ceil((n - have) / have);
  await sql`create table bench_originals as select * from products`.execute(db.db);
  // In slices, so PGlite (one process) is never asked for one huge statement.
  for (let from = 1; from <= copies; from += 100) {
    await sql`
      insert into products (title, slug, description, price, category, brand, tags, images, sold, total_rating, rating_count, created_at)
      select p.title || ' ' || (array['Edition','Pro','Lite','Max','Plus','Mini','Ultra','Neo','Air','Go'])[1 + g % 10] || ' ' || g,
        p.slug || '-' || g, p.description, p.price + g % 997, p.category, p.brand, p.tags, p.images,
        (g * 7919 + length(p.title)) % 500, (g * 31) % 6, (g * 17) % 40, p.created_at - make_interval(mins => g)
      from bench_originals p
      cross join generate_series(${from}::int, ${Math.min(copies, from + 99)}::int) g
    `.execute(db.db);
  }
  await sql`delete from products where id in (select id from products order by created_at limit greatest(0, (select count(*) from products) - ${n}::int))`.execute(
    db.db,
  );
  await sql`drop table bench_originals`.execute(db.db);
  // As a running shop's table is once autovacuum has passed: the GIN indexes' pending lists merged (every search
  // reads a pending list whole) and the visibility map set. Left to autovacuum, it starts at a moment of its own,
  // as often during the timed searches as not, and a run's p50 hung on whether it had.
  await sql`vacuum analyze products`.execute(db.db);
}

/**
 * Every judged query `runs` times, timed; one run of the reference search work (machine-speed.ts) after every
 * REFERENCE_EVERY searches is added to `reference`, so the machine's speed is read while it searches as well as
 * before and after: this 2-core machine's speed moves within a minute (a fixed text-search query took 194 ms and
 * 310 ms in two runs of one afternoon), and a factor read only around the searches judges them by another moment.
 */
async function measure(db: Database, label: string, runs: number, reference: number[]) {
  const search = async (q: string) => searchProducts(db.db, { ...parseProductListQuery({ search: q, limit: '20' }, 'search'), search: q });
  // Once each to warm the caches a running shop has warm (the synonyms, the catalogue's words, the plans).
  for (const q of QUERIES) await search(q);
  const times: number[] = [];
  const perQuery = new Map<string, number[]>();
  const facetTimes: number[] = [];
  // A search of two words or more and its facets, as the results page asks for them (one after the other here;
  // the gateway asks for both at once).
  const withFacets: number[] = [];
  // The floor under any exact count: the time to count those same matches, bare (no grouping, no page).
  const bareCounts: number[] = [];
  let slowest = { q: '', ms: 0 };
  let searched = 0;
  for (let r = 0; r < runs; r += 1) {
    for (const q of QUERIES) {
      searched += 1;
      if (searched % REFERENCE_EVERY === 0) reference.push(...(await timeSearchWork(db.db, 1)));
      const started = performance.now();
      const answer = await search(q);
      const ms = performance.now() - started;
      times.push(ms);
      perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
      if (ms > slowest.ms) slowest = { q, ms };
      const f = performance.now();
      const asked = parseProductListQuery({ search: q }, 'search');
      await facetCounts(db.db, asked, answer.match);
      const facetMs = performance.now() - f;
      facetTimes.push(facetMs);
      if (answer.understood.words.length >= 2) {
        withFacets.push(ms + facetMs);
        if (answer.match) {
          const c = performance.now();
          await filtered(db.db, asked, answer.match)
            .select((eb) => eb.fn.countAll().as('n'))
            .execute();
          bareCounts.push(performance.now() - c);
        }
      }
    }
  }
  times.sort((a, b) => a - b);
  facetTimes.sort((a, b) => a - b);
  withFacets.sort((a, b) => a - b);
  bareCounts.sort((a, b) => a - b);
  const figures = { p50: percentile(times, 50), p99: percentile(times, 99) };
  const twoWords = { p50: percentile(withFacets, 50), p99: percentile(withFacets, 99) };
  console.log(
    `  ${label}: ${times.length} searches, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms` +
      ` (slowest ${slowest.ms.toFixed(1)} ms: ${JSON.stringify(slowest.q)})\n` +
      `  ${label}: ${withFacets.length} searches of two words or more with their facets, p50 ${twoWords.p50.toFixed(1)} ms, p99 ${twoWords.p99.toFixed(1)} ms` +
      ` (facet counts alone, every query: p50 ${percentile(facetTimes, 50).toFixed(1)} ms, p99 ${percentile(facetTimes, 99).toFixed(1)} ms)\n` +
      `  ${label}: the floor under their exact counts, a bare count of the same matches: p50 ${percentile(bareCounts, 50).toFixed(1)} ms, p99 ${percentile(bareCounts, 99).toFixed(1)} ms`,
  );
  if (args.has('verbose'))
    for (const [q, ms] of [...perQuery].sort((a, b) => Math.max(...b[1]) - Math.max(...a[1])).slice(0, 15))
      console.log(`    ${JSON.stringify(q)}: ${ms.map((m) => m.toFixed(1)).join(', ')} ms`);
  return { search: figures, twoWords, floor: { p50: percentile(bareCounts, 50), p99: percentile(bareCounts, 99) } };
}

const failures: string[] = [];
const unheld: string[] = [];
const judge = (label: string, got: { p50: number; p99: number }, factor: number) => {
  const over = (p: 'p50' | 'p99') => `${label}: ${p} ${got[p].toFixed(1)} ms over ${(GOAL[p] * factor).toFixed(1)} ms`;
  if (got.p50 > GOAL.p50 * factor) failures.push(over('p50'));
  if (got.p99 > GOAL.p99 * factor) failures.push(over('p99'));
};

console.log(`Search latency, ${QUERIES.length} queries (the judged ones, typeahead beginnings, typos):`);

// PostgreSQL, in a database of its own.
const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
const pgAnswers = await admin.connect().then(
  () => true,
  () => false,
);
if (pgAnswers) {
  // --keep=NAME keeps the database afterwards, to read its plans (psql NAME).
  const name = args.get('keep') ?? `digitic_bench_search_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDb({ kind: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(db.db);
    const seeded = performance.now();
    await grow(db, PG_PRODUCTS);
    console.log(
      `  PostgreSQL, ${PG_PRODUCTS.toLocaleString('en-IN')} products (made in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
    );
    await prepareSearchWork(db.db, 'postgres');
    const reference = await timeSearchWork(db.db, 5);
    const figures = await measure(db, 'PostgreSQL', 3, reference);
    reference.push(...(await timeSearchWork(db.db, 5)));
    judge('PostgreSQL search', figures.search, slowerAtSearchBy('postgres', reference));
    // Exact facet counts read every match: measured and printed, not held (docs/performance.md, issue 41).
    unheld.push(
      `PostgreSQL two words with facets: p50 ${figures.twoWords.p50.toFixed(1)} ms, p99 ${figures.twoWords.p99.toFixed(1)} ms` +
        ` (a bare count of their matches alone: p50 ${figures.floor.p50.toFixed(1)} ms)`,
    );
  } finally {
    await db.close();
    if (!args.has('keep')) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log(`  PostgreSQL does not answer at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: its goal is not measured.`);
}

// The embedded database, as `npm start` runs the shop.
{
  const db = await openDb({ kind: 'pglite', dir: null });
  try {
    await migrateToLatest(db.db);
    await grow(db, PGLITE_PRODUCTS);
    console.log(`  PGlite, ${PGLITE_PRODUCTS.toLocaleString('en-IN')} products`);
    await prepareSearchWork(db.db, 'pglite');
    const reference = await timeSearchWork(db.db, 5);
    const figures = await measure(db, 'PGlite', 2, reference);
    reference.push(...(await timeSearchWork(db.db, 5)));
    judge('PGlite search', figures.search, 2 * slowerAtSearchBy('pglite', reference));
    unheld.push(
      `PGlite two words with facets: p50 ${figures.twoWords.p50.toFixed(1)} ms, p99 ${figures.twoWords.p99.toFixed(1)} ms` +
        ` (a bare count of their matches alone: p50 ${figures.floor.p50.toFixed(1)} ms)`,
    );
  } finally {
    await db.close();
  }
}

if (unheld.length > 0)
  console.log(
    `Not held by --check (a search and its exact facet counts read every match; the goal is 10 / 50 ms):\n  ${unheld.join('\n  ')}`,
  );
if (failures.length > 0) {
  console.log(
    `Over the goal (p50 ≤ ${GOAL.p50} ms, p99 ≤ ${GOAL.p99} ms; PGlite twice that; on the reference machine):\n  ${failures.join('\n  ')}`,
  );
  if (CHECK) process.exit(1);
} else console.log(`Within the goal (p50 ≤ ${GOAL.p50} ms, p99 ≤ ${GOAL.p99} ms; PGlite twice that; on the reference machine).`);
