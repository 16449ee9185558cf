// The web app's trusted documents: every operation it sends, as Apollo's persisted query manifest
// (id = sha256 of the operation as Apollo Client sends it, with __typename and its fragments), and the
// operation name -> id map the web app loads to send ids instead of documents. Run by `npm run codegen`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generatePersistedQueryManifest } from '@apollo/generate-persisted-query-manifest';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'web/src/__generated__');

export const MANIFEST = path.join(out, 'trusted-documents.json');

process.chdir(root);
const manifest = await generatePersistedQueryManifest({ documents: ['web/src/**/*.graphql'] }, undefined);
const ids = Object.fromEntries(manifest.operations.map((op) => [op.name, op.id]));
await mkdir(out, { recursive: true });
await Promise.all([
  writeFile(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`),
  writeFile(path.join(out, 'operation-ids.json'), `${JSON.stringify(ids)}\n`),
]);
