// npm run db:backup [-- --out=FILE]      the shop's whole database to one file
// npm run db:restore -- FILE             the database put back from such a file
//
// PGlite: the data directory as PGlite dumps it (tar.gz), taken by the running shop's api when it owns the
// files (never a second process on them), or here under the data directory's lock when the shop is
// stopped. A restore needs the shop stopped; the database it replaces is kept beside it.
// PostgreSQL (DATABASE_URL): pg_dump's custom format, and pg_restore; the database a restore replaces is
// dumped first, beside the backup.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type ApiConfig, ConfigError, loadConfig } from '../config/env.js';
import { type Db, openDb } from '../db/connect.js';
import { heldMessage, LockHeld, lockDataDir, readLock } from '../db/lock.js';

const where = process.env.INIT_CWD ?? process.cwd();
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

class Refused extends Error {}

/** What a database holds, in a line: what a restore is checked by. */
async function contents(database: Db): Promise<string> {
  const count = async (table: 'customers' | 'orders' | 'products' | 'ratings' | 'blogs') =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.db)).rows[0]?.n ?? 0);
  const [customers, orders, products, reviews, blogs] = await Promise.all(
    (['customers', 'orders', 'products', 'ratings', 'blogs'] as const).map(count),
  );
  return `${customers} customers, ${orders} orders, ${products} products, ${reviews} reviews, ${blogs} blogs`;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Refused(
          err.code === 'ENOENT'
            ? `${command} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`
            : err.message,
        ),
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Refused(`${command} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

/** The embedded database's files: from the running api that owns them, or read here under their lock. */
async function pgliteArchive(config: ApiConfig, databaseDir: string): Promise<Uint8Array> {
  if (!existsSync(databaseDir)) throw new Refused(`There is no embedded database at ${databaseDir} (DATA_DIR=${config.dataDir})`);
  let lock;
  try {
    lock = lockDataDir(databaseDir, 'db:backup');
  } catch (err) {
    if (!(err instanceof LockHeld)) throw err;
    const info = readLock(err.file) ?? err.info;
    if (!info.apiUrl || !config.internalToken) throw new Refused(heldMessage(err, databaseDir));
    console.error(`The shop's api (pid ${info.pid}) owns the embedded database; it makes the backup.`);
    const res = await fetch(`${info.apiUrl}/api/internal/backup`, {
      headers: { Authorization: `Bearer ${config.internalToken}` },
      signal: AbortSignal.timeout(10 * 60_000),
    });
    if (!res.ok) throw new Refused(`The running api at ${info.apiUrl} refused the backup (${res.status})`);
    return new Uint8Array(await res.arrayBuffer());
  }
  try {
    const database = await openDb({ kind: 'pglite', dir: databaseDir });
    try {
      return await (database.dump as () => Promise<Uint8Array>)();
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function backup(config: ApiConfig, args: string[]): Promise<void> {
  const out = args.find((a) => a.startsWith('--out='))?.slice('--out='.length);
  const postgres = Boolean(config.databaseUrl);
  const file = path.resolve(where, out ?? path.join('backups', `digitic-${stamp()}.${postgres ? 'pgdump' : 'pglite.tar.gz'}`));
  mkdirSync(path.dirname(file), { recursive: true });
  if (config.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${config.databaseUrl}`]);
  } else {
    writeFileSync(file, await pgliteArchive(config, path.join(config.dataDir, 'pglite')), { mode: 0o600 });
  }
  console.log(`Backed up the shop's database to ${file}`);
}

/** pg_dump's custom format begins PGDMP; PGlite's dump is a gzip file. */
const kindOf = (head: Uint8Array) =>
  Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP' ? 'postgres' : head[0] === 0x1f && head[1] === 0x8b ? 'pglite' : null;

async function restore(config: ApiConfig, args: string[]): Promise<void> {
  const given = args.find((a) => !a.startsWith('--'));
  if (!given) throw new Refused('Which backup? npm run db:restore -- <file made by npm run db:backup>');
  const file = path.resolve(where, given);
  if (!existsSync(file)) throw new Refused(`There is no file ${file}`);
  const bytes = readFileSync(file);
  const kind = kindOf(bytes);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind === null) throw new Refused(`${file} is not a backup made by npm run db:backup`);
  if (kind !== target) {
    throw new Refused(
      `${file} is a ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} backup, and this shop runs on ${target === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    );
  }

  if (config.databaseUrl) {
    // The database this replaces is kept first: a restore loses nothing.
    const before = path.join(path.dirname(file), `digitic-before-restore-${stamp()}.pgdump`);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${before}`, `--dbname=${config.databaseUrl}`]);
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
    const database = await openDb({ kind: 'postgres', url: config.databaseUrl });
    try {
      console.log(`Restored ${file}: ${await contents(database)}. The database it replaced is in ${before}.`);
    } finally {
      await database.close();
    }
    return;
  }

  const databaseDir = path.join(config.dataDir, 'pglite');
  let lock;
  try {
    lock = lockDataDir(databaseDir, 'db:restore');
  } catch (err) {
    if (!(err instanceof LockHeld)) throw err;
    throw new Refused(
      err.info.holder === 'api'
        ? `The shop is running on this database (api pid ${err.info.pid}): stop it first; a restore replaces the database under it.`
        : heldMessage(err, databaseDir),
    );
  }
  try {
    // Into a directory of its own first: the database in place is touched only once the backup opened whole.
    const staging = `${databaseDir}.restoring`;
    rmSync(staging, { recursive: true, force: true });
    let restored: string;
    try {
      const database = await openDb({ kind: 'pglite', dir: staging, load: new Blob([bytes]) });
      try {
        restored = await contents(database);
      } finally {
        await database.close();
      }
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      throw new Refused(`${file} could not be opened as the shop's database: ${(err as Error).message}`);
    }
    const before = `${databaseDir}.before-restore-${stamp()}`;
    if (existsSync(databaseDir)) renameSync(databaseDir, before);
    renameSync(staging, databaseDir);
    console.log(`Restored ${file}: ${restored}.${existsSync(before) ? ` The database it replaced is kept at ${before}.` : ''}`);
  } finally {
    lock.release();
  }
}

const [action, ...args] = process.argv.slice(2);
// `npm run … --workspace api` runs in api/: DATA_DIR is read from where the command was typed.
process.env.DATA_DIR = path.resolve(where, process.env.DATA_DIR ?? '.data');
// A backup, and a restored database, are their user's alone.
process.umask(0o077);
try {
  const config = loadConfig();
  if (action === 'backup') await backup(config, args);
  else if (action === 'restore') await restore(config, args);
  else throw new Refused('Usage: node dist/cli/database.js backup [--out=FILE] | restore FILE');
} catch (err) {
  console.error(err instanceof Refused || err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
