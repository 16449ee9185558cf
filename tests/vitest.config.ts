import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The security suite (npm test) and the fault, race and load suite (npm run test:resilience) run the
// built shop as real processes (tests/support/stack.ts), one file at a time: they share two cores.
export default defineConfig({
  resolve: {
    alias: {
      '@digitic/payment-simulator/keys': src('../payment-simulator/src/keys.ts'),
      '@digitic/payment-simulator/sdk': src('../payment-simulator/src/sdk.ts'),
    },
  },
  test: {
    // The stacks' embedded database, made once a run and copied into each stack's data folder (support/global-setup.ts).
    globalSetup: ['support/global-setup.ts'],
    include:
      process.env.SUITE === 'resilience'
        ? ['resilience/**/*.test.ts']
        : ['security/**/*.test.ts', 'deploy/**/*.test.ts', 'rendering/**/*.test.ts', 'schema/**/*.test.ts', 'examples/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a test waits for (an e-mail sent after the commit, a refund the provider processes) comes when a loaded
    // machine gets to it: expect.poll waits up to 15 s, not its default of 1 s, and still fails if it never comes.
    expect: { poll: { timeout: 15_000 } },
  },
});
