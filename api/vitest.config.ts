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

// The suite runs on embedded PGlite always, and once more on PostgreSQL when DATABASE_URL is set.
const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
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
        include: ['src/**/*.test.ts'],
        env: { TEST_DB: db, LOG_SILENT: '1' },
        pool: 'forks',
        testTimeout: 30_000,
        hookTimeout: 60_000,
        expect: { poll: { timeout: 15_000 } },
      },
    })),
  },
});
