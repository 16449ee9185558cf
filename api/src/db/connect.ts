import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type DbTarget =
  | { kind: 'postgres'; url: string }
  // load: a backup (dumpDataDir's tar.gz) to start an empty data directory from.
  | { kind: 'pglite'; dir: string | null; load?: Blob };

export interface Db {
  db: Kysely<Database>;
  kind: DbTarget['kind'];
  close(): Promise<void>;
  /** Connection counts of the PostgreSQL pool (null on PGlite). */
  pool(): { total: number; idle: number; waiting: number } | null;
  /**
   * The embedded database's files as a tar.gz (PGlite's own dump), or a plain tar with 'none' (larger, quicker to load);
   * null on PostgreSQL, which pg_dump backs up.
   */
  dump: ((compression?: 'gzip' | 'none') => Promise<Uint8Array>) | null;
}

// int8 (counts, sums) as JS numbers: the shop's counts and rupee totals stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

const PGLITE_SHARED_BUFFERS = '12MB';

/** Opens the shop database: PostgreSQL when a URL is given, else embedded PGlite (in memory when dir is null). */
export async function openDb(target: DbTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, idleTimeoutMillis: 30_000 });
    // A dropped connection must not crash the process: idle ones report on the pool, and one that is
    // checked out (between two queries of a transaction, say) reports on its client. The query in
    // flight fails (503), the pool discards the client, and the next query opens a new connection.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dump: null,
    };
  }
  if (target.dir) mkdirSync(target.dir, { recursive: true });
  const pglite = await PGlite.create(target.dir ?? undefined, {
    extensions: { pg_trgm },
    // PostgreSQL's default buffer pool (128 MB) lives in PGlite's WebAssembly memory, inside the api
    // process. The demo shop's tables and indexes are 1.8 MB (10 MB with the system catalogues); 12 MB
    // holds what it reads whole and keeps the api near 187 MiB on Node 24 (bench:start: 383 MiB with the
    // default on Node 20, 190 with 16 MB; search latency on 10,000 products unchanged: p50 7.2 ms, p99
    // 18.3). A shop that outgrows it runs on PostgreSQL.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(target.load ? { loadDataDir: target.load } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    pool: () => null,
    dump: async (compression = 'gzip') => new Uint8Array(await (await pglite.dumpDataDir(compression)).arrayBuffer()),
  };
}
