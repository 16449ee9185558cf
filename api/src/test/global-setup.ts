// Vitest's global setup for the suites that start the api (api, gateway): the run's database snapshots, made once
// before any test file starts, on PGlite and (with DATABASE_URL) on PostgreSQL. Each file then opens a copy.
import { ensureSnapshots, snapshotKey } from './snapshot.js';

export default async function setup(): Promise<void> {
  const started = performance.now();
  // Its key, worked out here once, reaches every test file in SNAPSHOT_KEY (the workers inherit this environment).
  snapshotKey();
  await ensureSnapshots();
  if (!process.env.LOG_SILENT) console.log(`test databases ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
