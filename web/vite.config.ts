import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { reactRouterProduction } from '../scripts/react-router-production.mjs';
import { storefrontArt } from './build/storefront-art.js';

// The shop's rules are TypeScript source the app compiles with itself (no build of their own needed
// here), one module per rule so a page's chunk carries only the rules it uses.
const shopRules = fileURLToPath(new URL('../shop-rules/src', import.meta.url));

// In development the SPA runs on Vite (WEB_DEV_PORT, 5173) and talks to the gateway of npm run dev (PORT, 4000).
const gateway = `http://127.0.0.1:${process.env.PORT ?? '4000'}`;
const devPort = Number(process.env.WEB_DEV_PORT ?? 5173);

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes .br and .gz beside every text asset of the client build, so the gateway serves them as files. */
function precompress(): Plugin {
  return {
    name: 'digitic-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json|html)$/.test(f) && !f.startsWith('.vite/'));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const data = await readFile(file);
          if (data.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/** npm run dev:mock: msw's service worker served from its package (nothing generated into public/). */
function mockServiceWorker(): Plugin {
  const file = fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'));
  return {
    name: 'digitic-mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        void readFile(file).then((script) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.end(script);
        });
      });
    },
  };
}

/**
 * The app's chunks: every module React's client (react-dom/client) imports in one, then every other module
 * the app's start (src/boot.tsx) imports statically in another. src/main.tsx evaluates them in turn, each in
 * a task of its own. Both are loaded on every page anyway, and each chunk more is a request the page starts
 * from the main thread and bytes of its own; modules only lazy pages share stay in their own chunks.
 */
function staticallyFrom(start: string, ctx: ModuleGraph): Set<string> {
  const found = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const next = stack.pop() as string;
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
function appModules(ctx: ModuleGraph) {
  if (!bootModules) {
    bootModules = staticallyFrom(path.resolve(import.meta.dirname, 'src/boot.tsx'), ctx);
    const reactClient = [...bootModules].find((m) => /node_modules\/react-dom\/client\.js$/.test(m));
    reactModules = reactClient ? staticallyFrom(reactClient, ctx) : new Set();
  }
  return { boot: bootModules, react: reactModules as Set<string> };
}
const reactChunk = (id: string, ctx: ModuleGraph) => (appModules(ctx).react.has(id) ? 'react' : null);
const libraryChunk = (id: string, ctx: ModuleGraph) => (appModules(ctx).boot.has(id) && id.includes('/node_modules/') ? 'libraries' : null);
const bootChunk = (id: string, ctx: ModuleGraph) => (appModules(ctx).boot.has(id) ? 'boot' : null);
let bootModules: Set<string> | undefined;
let reactModules: Set<string> | undefined;

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  plugins: [
    react(),
    precompress(),
    storefrontArt(fileURLToPath(new URL('./public/favicon.svg', import.meta.url))),
    ...(mode === 'mock' ? [mockServiceWorker()] : []),
  ],
  resolve: {
    alias: [
      { find: /^@digitic\/shop-rules\/([\w-]+)$/, replacement: `${shopRules}/$1.ts` },
      // React Router's production build, which its package does not export (scripts/react-router-production.mjs).
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  server: {
    port: devPort,
    strictPort: true,
    proxy: { '/graphql': gateway, '/api/images': gateway, '/payment-simulator': gateway },
  },
  // Every browser the shop supports knows modulepreload: no polyfill in the entry.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    modulePreload: { polyfill: false },
    // The server renderer is minified too: the gateway holds its source in memory (a third of the size),
    // keeping function names so that a server-rendering report still names the component.
    ...(isSsrBuild
      ? { minify: true, rollupOptions: { output: { keepNames: true } } }
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'preload', test: /^\0(vite\/|rolldown\/runtime)/, priority: 2 },
                  { name: reactChunk, priority: 1 },
                  { name: libraryChunk, priority: 0.5 },
                  { name: bootChunk, priority: 0 },
                ],
              },
            },
          },
        }),
  },
  // The server renderer is one self-contained file: Apollo Client 3's ES modules are ones Node reads as
  // CommonJS, and React must be its production build whatever NODE_ENV the gateway runs with.
  ssr: { noExternal: true },
  // Apollo Client's development checks and warnings are compiled out of builds (its documented way: the
  // bundler replaces globalThis.__DEV__), which leaves them on under Vite's dev server and in tests.
  define: {
    ...(command === 'build' ? { 'globalThis.__DEV__': 'false' } : {}),
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A test of typing key by key and of a lazy page's first import, on a loaded machine: 15 s, not the default 5.
    testTimeout: 15_000,
  },
}));
