import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@digitic/payment-simulator/keys': src('../payment-simulator/src/keys.ts'),
      '@digitic/payment-simulator/sdk': src('../payment-simulator/src/sdk.ts'),
      '@digitic/payment-simulator': src('../payment-simulator/src/index.ts'),
      '@digitic/shop-rules/address': src('../shop-rules/src/address.ts'),
      '@digitic/shop-rules/time-zone': src('../shop-rules/src/time-zone.ts'),
      '@digitic/shop-rules/countries': src('../shop-rules/src/countries.ts'),
      '@digitic/shop-rules': src('../shop-rules/src/index.ts'),
      '@digitic/api/testing': src('../api/src/test/harness.ts'),
      '@digitic/server-kit/sanitize': src('../server-kit/src/sanitize.ts'),
      '@digitic/server-kit': src('../server-kit/src/index.ts'),
    },
  },
  test: {
    // The api's databases, migrated and seeded once a run (api/src/test/snapshot.ts); each harness opens a copy.
    globalSetup: ['../api/src/test/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Modules loaded once a worker, as the api's suite does (101 → 45 s; CONTRIBUTING.md, "Modules loaded once a worker").
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a test waits for (an e-mail sent after the commit, a refund the provider processes) comes when a loaded
    // machine gets to it: expect.poll waits up to 15 s, not its default of 1 s, and still fails if it never comes.
    expect: { poll: { timeout: 15_000 } },
    env: { TEST_DB: 'pglite', LOG_SILENT: '1' },
  },
});
