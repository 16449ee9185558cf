import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@digitic/payment-simulator/keys': fileURLToPath(new URL('../payment-simulator/src/keys.ts', import.meta.url)),
  '@digitic/payment-simulator/sdk': fileURLToPath(new URL('../payment-simulator/src/sdk.ts', import.meta.url)),
  '@digitic/payment-simulator': fileURLToPath(new URL('../payment-simulator/src/index.ts', import.meta.url)),
  '@digitic/shop-rules/address': fileURLToPath(new URL('../shop-rules/src/address.ts', import.meta.url)),
  '@digitic/shop-rules': fileURLToPath(new URL('../shop-rules/src/index.ts', import.meta.url)),
  '@digitic/server-kit/sanitize': fileURLToPath(new URL('../server-kit/src/sanitize.ts', import.meta.url)),
  '@digitic/server-kit': fileURLToPath(new URL('../server-kit/src/index.ts', import.meta.url)),
};

// The suite runs on embedded PGlite always, and once more on PostgreSQL when DATABASE_URL is set: every file that
// opens a database (the harness, openDb, or one named by DATABASE_URL). A file that opens none (a parser, the CSV
// writer, the seed's data, image markup) says the same on both, so it runs once. Files that open one run on both
// even when they change rows one at a time: PGlite is PostgreSQL 18 and a shop's server may be 15, so every
// statement is run on a server too (CONTRIBUTING.md, "Tests").
const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
const OPENS_A_DATABASE = /test\/harness|openDb|TEST_DB|DATABASE_URL/;
const src = fileURLToPath(new URL('./src', import.meta.url));
const allFiles = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `src/${f.split('\\').join('/')}`);
const filesOn = (db: string) =>
  db === 'pglite' ? allFiles : allFiles.filter((f) => OPENS_A_DATABASE.test(readFileSync(new URL(f, import.meta.url), 'utf8')));

export default defineConfig({
  resolve: { alias },
  test: {
    // The run's databases, migrated and seeded once (src/test/snapshot.ts); each file opens a copy.
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // Each worker loads the api's modules once and runs its files one after another (import time 150 → 14 s summed,
    // the suite 352 → 195 s): every file starts its own api on its own database, and module state is keyed by it
    // (CONTRIBUTING.md, "Modules loaded once a worker").
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a test waits for (an e-mail sent after the commit, a refund the provider processes) comes when a loaded
    // machine gets to it: expect.poll waits up to 15 s, not its default of 1 s, and still fails if it never comes.
    expect: { poll: { timeout: 15_000 } },
    projects: databases.map((db) => ({
      resolve: { alias },
      test: {
        name: `api-${db}`,
        include: filesOn(db),
        env: { TEST_DB: db, LOG_SILENT: '1' },
        pool: 'forks',
        isolate: false,
        testTimeout: 30_000,
        hookTimeout: 60_000,
        expect: { poll: { timeout: 15_000 } },
      },
    })),
  },
});
