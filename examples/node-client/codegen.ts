import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for this client's operations, from the schema the shop publishes to other clients.
const config: CodegenConfig = {
  schema: '../../schema/published.graphql',
  documents: ['src/**/*.ts', '!src/__generated__/**'],
  ignoreNoDocuments: false,
  // Imports with .js, as Node's ES modules want them.
  emitLegacyCommonJSImports: false,
  silent: true,
  generates: {
    'src/__generated__/': {
      preset: 'client',
      // Documents as typed strings: the client sends text and needs no GraphQL library at run time.
      config: { documentMode: 'string', enumsAsTypes: true, useTypeImports: true, scalars: { DateTime: 'string' } },
      presetConfig: { fragmentMasking: false },
    },
  },
};
export default config;
