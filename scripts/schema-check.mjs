// Safe schema changes: compares the storefront's schema (schema/storefront/*.graphql) with schema/published.graphql (the schema other
// clients build on) using graphql-js's own findBreakingChanges, and fails on a breaking change unless what
// it removes (a field, an argument, an enum value) was marked @deprecated in the published schema first.
//
//   node scripts/schema-check.mjs             check (npm run lint runs it)
//   node scripts/schema-check.mjs --publish   the current schema becomes the published one (at a release)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BreakingChangeType,
  buildSchema,
  findBreakingChanges,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isInterfaceType,
} from 'graphql';

/**
 * A schema kept as one file a domain (schema/storefront/, schema/admin/): its files in name order, as one document.
 * @param {string} dir
 * @returns {string}
 */
export function readSchemaDir(dir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

/**
 * The breaking changes from `publishedSdl` to `currentSdl` that were not announced by a deprecation.
 * @param {string} publishedSdl
 * @param {string} currentSdl
 * @returns {string[]}
 */
export function unannouncedBreakingChanges(publishedSdl, currentSdl) {
  const published = buildSchema(publishedSdl);
  const current = buildSchema(currentSdl);
  const fieldOf = (typeName, fieldName) => {
    const type = published.getType(typeName);
    return type && (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) ? type.getFields()[fieldName] : undefined;
  };
  const announced = (change) => {
    if (change.type === BreakingChangeType.FIELD_REMOVED) {
      const [, typeName, fieldName] = change.description.match(/^(\w+)\.(\w+) was removed\.$/) ?? [];
      return Boolean(fieldOf(typeName, fieldName)?.deprecationReason);
    }
    if (change.type === BreakingChangeType.ARG_REMOVED) {
      const [, typeName, fieldName, argName] = change.description.match(/^(\w+)\.(\w+) arg (\w+) was removed\.$/) ?? [];
      return Boolean(fieldOf(typeName, fieldName)?.args?.find((a) => a.name === argName)?.deprecationReason);
    }
    if (change.type === BreakingChangeType.VALUE_REMOVED_FROM_ENUM) {
      const [, valueName, typeName] = change.description.match(/^(\w+) was removed from enum type (\w+)\.$/) ?? [];
      const type = published.getType(typeName);
      return Boolean(isEnumType(type) && type.getValue(valueName)?.deprecationReason);
    }
    return false;
  };
  return findBreakingChanges(published, current)
    .filter((change) => !announced(change))
    .map((change) => change.description);
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const dir = path.resolve(import.meta.dirname, '../schema');
  const current = readSchemaDir(path.join(dir, 'storefront'));
  const publishedFile = path.join(dir, 'published.graphql');
  if (process.argv.includes('--publish')) {
    writeFileSync(publishedFile, current);
    console.log('schema/published.graphql is now the current schema');
  } else {
    const problems = unannouncedBreakingChanges(readFileSync(publishedFile, 'utf8'), current);
    if (problems.length > 0) {
      console.error(
        `schema/storefront/ breaks clients of schema/published.graphql:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
          'Mark a field, argument or enum value @deprecated(reason: "…") and publish that first; remove it in a later release.',
      );
      process.exit(1);
    }
    console.log('schema: no breaking change from the published schema');
  }
}
