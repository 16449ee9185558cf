// Commands that run the built shop say so when it is not built, instead of failing on a missing file.
//   node scripts/built.mjs [part…]      exits 1 with what to run when a part's build is missing
//   import { assertBuilt } from './built.mjs'
import { existsSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** What each part's build leaves behind. */
export const BUILT = {
  api: ['api/dist/server.js', 'server-kit/dist/index.js', 'shop-rules/dist/index.js'],
  gateway: ['gateway/dist/server.js', 'web/src/__generated__/trusted-documents.json'],
  'payment-simulator': ['payment-simulator/dist/server.js'],
  web: ['web/dist/index.html', 'web/dist/.vite/manifest.json', 'web/dist-server/entry-server.js'],
  admin: ['admin/dist/index.html', 'admin/src/__generated__/trusted-documents.json'],
};

/** The missing build outputs of these parts (all of them when none is named). */
export function missingBuild(parts = Object.keys(BUILT)) {
  return parts.flatMap((part) => BUILT[part] ?? [`(no part named ${part})`]).filter((file) => !existsSync(path.join(root, file)));
}

/** Throws, saying what to run, when a part is not built. */
export function assertBuilt(parts) {
  const missing = missingBuild(parts);
  if (missing.length > 0) {
    throw new Error(
      `This runs the built shop, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: run npm run build first`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    assertBuilt(process.argv.length > 2 ? process.argv.slice(2) : undefined);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
