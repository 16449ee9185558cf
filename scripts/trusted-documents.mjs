// The web app's and the back office's trusted documents: every operation each sends, as Apollo's persisted query manifest
// (id = sha256 of the operation as Apollo Client sends it, with __typename and its fragments), and the
// operation name -> id map the web app loads to send ids instead of documents. Run by `npm run codegen`.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generatePersistedQueryManifest } from '@apollo/generate-persisted-query-manifest';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web/src/__generated__');

export const MANIFEST = path.join(out, 'trusted-documents.json');

process.chdir(root);
/** Writes one app's manifest and its name -> id map beside its generated code. */
async function write(app) {
  const out = path.join(root, app, 'src/__generated__');
  const manifest = await generatePersistedQueryManifest({ documents: [`${app}/src/**/*.graphql`] }, undefined);
  const ids = Object.fromEntries(manifest.operations.map((op) => [op.name, op.id]));
  await mkdir(out, { recursive: true });
  await Promise.all([
    writeChanged(path.join(out, 'trusted-documents.json'), `${JSON.stringify(manifest, null, 2)}\n`),
    writeChanged(path.join(out, 'operation-ids.json'), `${JSON.stringify(ids)}\n`),
  ]);
}

/**
 * Writes a file only when its text changes (as codegen does its own): a reader beside this run (the type check
 * beside the lint in .ci/run, a dev server) never finds it cut short while it is written again with the same text.
 */
async function writeChanged(file, text) {
  const now = await readFile(file, 'utf8').catch(() => null);
  if (now !== text) await writeFile(file, text);
}
await write('web');
await write('admin');
