/**
 * Product list and search query benchmark: seeds 1k and 100k products into PostgreSQL (when
 * one answers at BENCH_DATABASE_URL / DATABASE_URL / the local default) and into PGlite, then
 * times the store's filtered, sorted, paginated list query and the typeahead search query
 * (rows + X-Total-Count, exactly as the api runs them). Prints p50/p99 per size.
 */
import { randomBytes } from 'node:crypto';
import { type Db, listProducts, migrateToLatest, openDb, parseProductListQuery } from '@digitic/api/bench';
import { sql } from 'kysely';
import pg from 'pg';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const CATEGORIES = ['Laptops', 'Headphones', 'Tablets', 'Watches', 'TVs', 'Cameras'];
const BRANDS = ['Apple', 'Samsung', 'Sony', 'Dell', 'HP', 'Lenovo', 'Asus', 'LG', 'Canon', 'Nikon', 'Bose', 'JBL'];
const MODELS = [
  'Air',
  'Pro',
  'Max',
  'Ultra',
  'Lite',
  'Neo',
  'Edge',
  'Vision',
  'Pulse',
  'Nova',
  'Zen',
  'Spark',
  'Galaxy',
  'Bravia',
  'Spectre',
  'Zenbook',
];
const TAGS = ['popular', 'featured', 'special', 'new'];

async function seed(db: Db, n: number) {
  await sql`insert into colors (title) values ('black'), ('silver'), ('blue') on conflict do nothing`.execute(db.db);
  const arr = (xs: string[]) => sql.raw(`(array[${xs.map((x) => `'${x}'`).join(',')}])`);
  await sql`
    insert into products (title, slug, description, price, category, brand, tags, images, created_at)
    select ${arr(BRANDS)}[1 + i % ${BRANDS.length}] || ' ' || ${arr(MODELS)}[1 + (i / 7) % ${MODELS.length}] || ' ' || (1000 + i),
           'bench-' || i, '<p>Benchmark product</p>', 999 + (i * 7919) % 250000,
           ${arr(CATEGORIES)}[1 + i % ${CATEGORIES.length}], ${arr(BRANDS)}[1 + (i / 3) % ${BRANDS.length}],
           array[${arr(TAGS)}[1 + i % ${TAGS.length}]], '[]'::jsonb, now() - (i || ' minutes')::interval
    from generate_series(1, ${n}) as i`.execute(db.db);
  await sql`vacuum analyze products`.execute(db.db);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(db: Db, queryFor: (i: number) => Record<string, string>) {
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS + 30; i++) {
    const q = parseProductListQuery(queryFor(i));
    const start = process.hrtime.bigint();
    const { rows } = await listProducts(db.db, q);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (rows.length === 0 && i === 0) throw new Error('the benchmark query matched nothing');
    if (i >= 30) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const listQuery = (i: number) => ({
  category: CATEGORIES[i % CATEGORIES.length] as string,
  'price[gte]': String(10_000 + (i % 5) * 20_000),
  'price[lte]': String(150_000 + (i % 5) * 20_000),
  sort: i % 2 ? '-price' : 'price',
  page: String(1 + (i % 5)),
  limit: '20',
});
const searchQuery = (i: number) => ({ search: (MODELS[i % MODELS.length] as string).toLowerCase(), limit: '10' });

async function postgresTarget(): Promise<{ open(): Promise<{ db: Db; drop: () => Promise<void> }> } | null> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.end();
  } catch {
    return null;
  }
  return {
    async open() {
      const name = `digitic_bench_${randomBytes(4).toString('hex')}`;
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const db = await openDb({ kind: 'postgres', url: url.toString() });
      return {
        db,
        drop: async () => {
          await db.close();
          const d = new pg.Client({ connectionString: ADMIN_URL });
          await d.connect();
          await d.query(`drop database if exists ${name} with (force)`);
          await d.end();
        },
      };
    },
  };
}

const pgTarget = await postgresTarget();
const targets: { name: string; open(): Promise<{ db: Db; drop: () => Promise<void> }> }[] = [
  ...(pgTarget ? [{ name: 'postgres', open: () => pgTarget.open() }] : []),
  {
    name: 'pglite',
    async open() {
      const db = await openDb({ kind: 'pglite', dir: null });
      return { db, drop: () => db.close() };
    },
  },
];
if (!pgTarget) console.log(`PostgreSQL not reachable at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}; PGlite only.`);

console.log(`${ITERATIONS} timed runs per query (after 30 warm-up runs), rows + count per run\n`);
console.log('database  products  query                         p50 ms   p99 ms');
const results: Record<string, Record<string, { p50: number; p99: number }>> = {};
for (const target of targets) {
  for (const size of SIZES) {
    const { db, drop } = await target.open();
    try {
      await migrateToLatest(db.db);
      await seed(db, size);
      for (const [label, queryFor] of [
        ['list (category+price, sorted, page)', listQuery],
        ['search (title, paginated)', searchQuery],
      ] as const) {
        const r = await time(db, queryFor);
        results[`${target.name} ${label}`] ??= {};
        (results[`${target.name} ${label}`] as Record<string, { p50: number; p99: number }>)[size] = r;
        console.log(
          `${target.name.padEnd(9)} ${String(size).padStart(8)}  ${label.padEnd(30)} ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(8)}`,
        );
      }
    } finally {
      await drop();
    }
  }
}

const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
console.log(`\nratio of p50 at ${large} to p50 at ${small} (target: ≤ 1.5, and p50 ≤ 10 ms on PostgreSQL at ${large}):`);
for (const [key, bySize] of Object.entries(results)) {
  const a = bySize[small];
  const b = bySize[large];
  if (a && b && small !== large) console.log(`  ${key.padEnd(45)} ${(b.p50 / a.p50).toFixed(2)}×`);
}
