import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactRouterProduction } from '../scripts/react-router-production.mjs';

const shopRules = fileURLToPath(new URL('../shop-rules/src', import.meta.url));

// Built into dist/ apart from the storefront's build, and served by the gateway at /admin/ with its own
// Content-Security-Policy: nothing of it is on a storefront page.
export default defineConfig(({ command }) => ({
  base: '/admin/',
  plugins: [react()],
  // The shop's rules from their source, as the storefront takes them (no build of shop-rules needed first).
  resolve: {
    alias: [
      { find: /^@digitic\/shop-rules\/([\w-]+)$/, replacement: `${shopRules}/$1.ts` },
      // React Router's production build, which its package does not export (scripts/react-router-production.mjs).
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  define: { 'globalThis.__DEV__': 'false' },
  // The manifest tells the bundle report what the first load is and what each screen adds.
  build: { outDir: 'dist', manifest: true },
  server: { proxy: { '/admin/graphql': 'http://127.0.0.1:4000' } },
  // A screen's first import and typing key by key take longer on a loaded machine: 15 s a test, not the default 5.
  test: { environment: 'jsdom', setupFiles: ['./src/test-setup.ts'], testTimeout: 15_000 },
}));
