import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@digitic/payment-simulator/keys': src('../payment-simulator/src/keys.ts'),
      '@digitic/payment-simulator/sdk': src('../payment-simulator/src/sdk.ts'),
      '@digitic/payment-simulator': src('../payment-simulator/src/index.ts'),
      '@digitic/shop-rules': src('../shop-rules/src/index.ts'),
      '@digitic/api/testing': src('../api/src/test/harness.ts'),
      '@digitic/api/sanitize': src('../api/src/products/sanitize.ts'),
      '@digitic/api/observability': src('../api/src/observability/index.ts'),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TEST_DB: 'pglite', LOG_SILENT: '1' },
  },
});
