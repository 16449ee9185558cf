#!/usr/bin/env node
// `npm run codegen`: GraphQL Codegen (codegen.yml), then the trusted documents (trusted-documents.mjs), skipped when
// nothing they read has changed since the last run that wrote them: a stamp of their inputs (the schemas, the
// operations, the config, the scripts and the installed versions) is kept in node_modules/.cache, and every output must
// still be there. A build, a type check and `npm test` each ask for the codegen; only the first of them runs it.
//   node scripts/codegen.mjs [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(root, 'node_modules', '.cache', 'digitic-codegen.json');

/** The .graphql files under a folder of the repository, sorted, as paths from the root. */
const graphqlUnder = (dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.graphql') && !f.includes('node_modules'))
    .sort()
    .map((f) => path.join(dir, f));

const documents = [...graphqlUnder('web/src'), ...graphqlUnder('admin/src')];
const inputs = [
  'codegen.yml',
  'scripts/codegen.mjs',
  'scripts/trusted-documents.mjs',
  'package-lock.json',
  ...graphqlUnder('schema'),
  ...documents,
];
const outputs = [
  'gateway/src/__generated__/resolvers-types.ts',
  'gateway/src/admin/__generated__/resolvers-types.ts',
  'web/src/__generated__/schema-enums.ts',
  'admin/src/__generated__/types.ts',
  ...['web', 'admin'].flatMap((app) => [`${app}/src/__generated__/trusted-documents.json`, `${app}/src/__generated__/operation-ids.json`]),
  // near-operation-file: each operation's hooks beside it.
  ...documents.map((doc) => path.join(path.dirname(doc), '__generated__', `${path.basename(doc, '.graphql')}.ts`)),
];

const hash = createHash('sha256');
for (const file of inputs)
  hash
    .update(`${file}\0`)
    .update(readFileSync(path.join(root, file)))
    .update('\0');
const stamp = hash.digest('hex');

const previous = existsSync(STAMP) ? JSON.parse(readFileSync(STAMP, 'utf8')).stamp : null;
const missing = outputs.filter((f) => !existsSync(path.join(root, f)));
if (!process.argv.includes('--force') && previous === stamp && missing.length === 0) {
  console.log(`codegen: up to date (${inputs.length} inputs unchanged since it last ran)`);
  process.exit(0);
}

// Forgotten before it runs: a run stopped half-way leaves no stamp to vouch for what it left.
rmSync(STAMP, { force: true });
const run = (command, args) => {
  const { status, signal } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? (signal ? 1 : 1));
};
run(path.join(root, 'node_modules', '.bin', 'graphql-codegen'), ['--config', 'codegen.yml']);
run(process.execPath, [path.join(root, 'scripts', 'trusted-documents.mjs')]);

const stillMissing = outputs.filter((f) => !existsSync(path.join(root, f)));
if (stillMissing.length > 0) {
  // The list above no longer matches what codegen.yml writes: say so rather than stamp a run that looks incomplete.
  console.error(`codegen: ran, but these expected outputs are missing (scripts/codegen.mjs lists them): ${stillMissing.join(', ')}`);
  process.exit(1);
}
mkdirSync(path.dirname(STAMP), { recursive: true });
writeFileSync(STAMP, `${JSON.stringify({ stamp })}\n`);
