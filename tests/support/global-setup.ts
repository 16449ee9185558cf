// Vitest's global setup for the tests workspace: the embedded database a stack's api starts on, made once a run by the
// built api's own migrations and seed, and copied into each stack's data folder (stack.ts) instead of each api making
// its own from nothing (initdb, every migration, the seed: seconds a stack). Stacks on PostgreSQL, and a data folder
// that already holds a database (a restart), are not touched.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Connect from '../../api/src/db/connect';
import type * as Migrate from '../../api/src/db/migrate';
import type * as Seed from '../../api/src/db/seed';
import { ROOT } from './stack';

export default async function setup(): Promise<() => void> {
  const started = performance.now();
  const folder = mkdtempSync(path.join(tmpdir(), 'digitic-stack-db-'));
  const dir = path.join(folder, 'pglite');
  const built = (file: string) => pathToFileURL(path.join(ROOT, 'api', 'dist', 'db', file)).href;
  // Not built: nothing to copy (a stack says for itself that it needs a build; a file that starts none runs as is).
  if (!existsSync(path.join(ROOT, 'api', 'dist', 'db', 'connect.js'))) return () => rmSync(folder, { recursive: true, force: true });
  const { openDb } = (await import(built('connect.js'))) as typeof Connect;
  const { migrateToLatest } = (await import(built('migrate.js'))) as typeof Migrate;
  const { seedDemo } = (await import(built('seed.js'))) as typeof Seed;
  const database = await openDb({ kind: 'pglite', dir });
  try {
    await migrateToLatest(database.db);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  process.env.STACK_PGLITE_TEMPLATE = dir;
  console.log(`the stacks' database made once in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`);
  return () => rmSync(folder, { recursive: true, force: true });
}
