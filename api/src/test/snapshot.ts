// The test suites' databases, made once and copied (issue #52). A database made from nothing costs initdb, every
// migration and the demo seed (about 5 s on PGlite, 1.5 s on PostgreSQL); a copy costs under a second on PGlite
// (its own dump, loaded with loadDataDir) and a tenth of one on PostgreSQL (CREATE DATABASE … TEMPLATE).
//
// Two snapshots, each on both databases: `seeded` (migrated, with the demo catalogue) and `empty` (migrated only).
// Each is named by a key: a hash of the api's and the shop rules' sources (the migrations, the seed and all they
// import) and of the day (the seed dates its demo records from today). A copy made from older sources or on another
// day is never used: the next suite that asks makes the snapshot again, and removes the stale ones it finds.
// Making a snapshot is migrating from nothing, on each database: that is the migrations' own test, once a run.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Db, openDb } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../db/seed.js';

export type SnapshotKind = 'seeded' | 'empty';
const KINDS: readonly SnapshotKind[] = ['seeded', 'empty'];

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the PGlite dumps are kept between runs (npm ci empties node_modules, and so them). */
const CACHE = path.join(root, 'node_modules', '.cache', 'digitic-test-db');
/** The folders whose sources make the schema and the seed (the seed writes through the catalogue, which sanitises). */
const SOURCES = [path.join(root, 'api', 'src'), path.join(root, 'shop-rules', 'src'), path.join(root, 'server-kit', 'src')];
/** And the files: this one (how a snapshot is filled), and the lock file (PGlite's, Kysely's, pg's versions). */
const FILES = [fileURLToPath(import.meta.url), path.join(root, 'package-lock.json')];
const TEMPLATE_PREFIX = 'digitic_tpl_';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|json|svg|html|md)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`test${path.sep}`))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * The snapshots' key: the sources' hash and today's date (UTC), 16 hex digits. Worked out once a run, by the global
 * setup, and handed to the test files in SNAPSHOT_KEY: a run that goes past midnight keeps one key throughout.
 */
export function snapshotKey(): string {
  if (process.env.SNAPSHOT_KEY) return process.env.SNAPSHOT_KEY;
  const hash = createHash('sha256');
  hash.update(new Date().toISOString().slice(0, 10));
  for (const file of [...FILES, ...SOURCES.flatMap(sourceFiles)]) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  process.env.SNAPSHOT_KEY = hash.digest('hex').slice(0, 16);
  return process.env.SNAPSHOT_KEY;
}

const dumpPath = (kind: SnapshotKind, key = snapshotKey()) => path.join(CACHE, `pglite-${key}-${kind}.tar`);
const templateName = (kind: SnapshotKind, key = snapshotKey()) => `${TEMPLATE_PREFIX}${key}_${kind}`;

async function fill(database: Db, kind: SnapshotKind): Promise<void> {
  await migrateToLatest(database.db);
  if (kind === 'seeded') await seedDemo(database.db);
}

/** Makes the PGlite dumps of this key that are missing; removes those of other keys. */
async function ensurePgliteDumps(): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  const key = snapshotKey();
  for (const kind of KINDS) {
    const file = dumpPath(kind, key);
    if (existsSync(file)) continue;
    const database = await openDb({ kind: 'pglite', dir: null });
    try {
      await fill(database, kind);
      const tar = await database.dump!('none');
      // Written whole under another name, then renamed: a reader never sees half a dump.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, tar);
      await rename(partial, file);
    } finally {
      await database.close();
    }
  }
  for (const name of await readdir(CACHE))
    if (name.startsWith('pglite-') && !name.includes(`-${key}-`)) await rm(path.join(CACHE, name), { force: true });
}

/** A client on the PostgreSQL server's maintenance connection (DATABASE_URL, the run's own database). */
async function admin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL as string });
  await client.connect();
  return client;
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Makes the PostgreSQL templates of this key that are missing; removes those of other keys that nobody uses. */
async function ensurePostgresTemplates(): Promise<void> {
  const key = snapshotKey();
  const client = await admin();
  try {
    const existing = new Set(
      (await client.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`)).rows.map(
        (r) => r.datname,
      ),
    );
    for (const kind of KINDS) {
      const name = templateName(kind, key);
      if (existing.has(name)) continue;
      // Made under another name and renamed when whole: a half-made template is never copied.
      const building = `${TEMPLATE_PREFIX}building_${randomBytes(6).toString('hex')}`;
      await client.query(`create database ${building}`);
      const database = await openDb({ kind: 'postgres', url: databaseUrl(building) });
      try {
        await fill(database, kind);
      } catch (err) {
        await database.close();
        await client.query(`drop database if exists ${building}`).catch(() => {});
        throw err;
      }
      await database.close();
      try {
        await client.query(`alter database ${building} rename to ${name}`);
      } catch (err) {
        // Another run made it meanwhile (42P04): theirs is the same.
        await client.query(`drop database if exists ${building}`);
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
    // Another key's templates go (one still being copied is in use, and stays); one being made by another run stays.
    for (const name of existing)
      if (!name.includes(`_${key}_`) && !name.startsWith(`${TEMPLATE_PREFIX}building_`))
        await client.query(`drop database if exists ${name}`).catch(() => {});
  } finally {
    await client.end();
  }
}

/** Makes every snapshot the run needs (a suite's global setup): PGlite's always, PostgreSQL's when DATABASE_URL is set. */
export async function ensureSnapshots(): Promise<void> {
  await ensurePgliteDumps();
  if (process.env.DATABASE_URL) await ensurePostgresTemplates();
}

const dumps = new Map<string, Promise<Blob>>();
/** The PGlite dump of `kind`, read once a process; made first if no global setup made it (a file run on its own). */
function pgliteDump(kind: SnapshotKind): Promise<Blob> {
  const file = dumpPath(kind);
  let dump = dumps.get(file);
  if (!dump) {
    dump = (async () => {
      if (!existsSync(file)) await ensurePgliteDumps();
      return new Blob([await readFile(file)]);
    })();
    dumps.set(file, dump);
  }
  return dump;
}

/** A copy of the `kind` snapshot on the database the suite runs on (TEST_DB), dropped by `drop()`. */
export async function openSnapshot(kind: SnapshotKind): Promise<Db & { url: string | null; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDb({ kind: 'pglite', dir: null, load: await pgliteDump(kind) });
    return { ...database, url: null, drop: () => database.close() };
  }
  const name = `digitic_test_${randomBytes(6).toString('hex')}`;
  const client = await admin();
  try {
    await createFromTemplate(client, name, templateName(kind));
  } finally {
    await client.end();
  }
  const url = databaseUrl(name);
  const database = await openDb({ kind: 'postgres', url });
  return {
    ...database,
    url,
    async drop() {
      await database.close().catch(() => {});
      const c = await admin();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function createFromTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`create database ${name} template ${template}`);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      // 3D000: no template of this key yet (a file run on its own): make it. 55006: the template is being read by
      // another session for a moment (PostgreSQL copies only an unused one): try again shortly, a bounded number of times.
      if (code === '3D000' && attempt === 0) await ensurePostgresTemplates();
      else if (code === '55006' && attempt < 50) await new Promise((done) => setTimeout(done, 100));
      else throw err;
    }
  }
}
