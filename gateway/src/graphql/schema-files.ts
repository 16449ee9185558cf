import { readdirSync, readFileSync } from 'node:fs';

/** A schema kept as one file a domain (schema/storefront/, schema/admin/): its files in name order, as one document. */
export function readSchemaDir(dir: URL): string {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(new URL(file, dir), 'utf8'))
    .join('\n');
}
