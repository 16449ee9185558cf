// Whether the built shop was built from the sources in the tree now: a stamp (a hash of every file the build reads:
// each workspace's sources and settings, the schemas, the lock file) kept in node_modules/.cache once a build
// succeeds. `npm start` builds only when it differs or a build output is missing, so a second start starts at once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT, missingBuild } from './built.mjs';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'node_modules', '.cache', 'digitic-build.json');
/** What the build reads: the workspaces it builds and what they share. */
const FOLDERS = [
  'shop-rules',
  'server-kit',
  'rest-contract',
  'payment-simulator',
  'api',
  'explorer',
  'gateway',
  'web',
  'admin',
  'schema',
  'scripts',
];
const FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'codegen.yml'];
/** What the build writes, or what no build reads. */
const SKIPPED = /(^|\/)(node_modules|dist|dist-server|__generated__|\.data|coverage|test-results)(\/|$)|\.test\.tsx?$|\.tsbuildinfo$/;

/** The hash of every file the build reads, in a fixed order. */
export function buildStamp() {
  const hash = createHash('sha256');
  const files = [
    ...FILES,
    ...FOLDERS.flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((file) => !SKIPPED.test(file)),
    ),
  ].sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** The build's outputs as they are now: each one's modification time (another build since changes them). */
function outputs() {
  return Object.fromEntries(
    Object.values(BUILT)
      .flat()
      .map((file) => [file, statSync(path.join(root, file)).mtimeMs]),
  );
}

/**
 * Built from the sources whose stamp this is, with every output there and none written since (by `npm run build`, the
 * tests' build, or a build of other sources, which the stamp never saw).
 */
export function isBuilt(stamp) {
  if (!existsSync(STAMP) || missingBuild().length > 0) return false;
  const noted = JSON.parse(readFileSync(STAMP, 'utf8'));
  return noted.stamp === stamp && JSON.stringify(noted.outputs) === JSON.stringify(outputs());
}

/** Forgets the last build before another starts: one that fails half-way leaves no stamp behind. */
export function forgetBuilt() {
  rmSync(STAMP, { force: true });
}

/** Notes a build that succeeded from the sources whose stamp this is, and its outputs as it left them. */
export function markBuilt(stamp) {
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify({ stamp, outputs: outputs() })}\n`);
}
