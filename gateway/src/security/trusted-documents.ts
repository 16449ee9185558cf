import { readFileSync, statSync } from 'node:fs';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/** The name the web app gives itself (Apollo Client's `name`, sent as `apollographql-client-name`). */
export const WEB_CLIENT_NAME = 'digitic-web';

/**
 * Which documents the gateway runs:
 * - open: any document within the limits; the web app's ids are resolved from the manifest;
 * - web: as open, but a request from the web app must be one of its trusted documents;
 * - only: trusted documents alone, from every client.
 */
export type TrustedDocumentsMode = 'open' | 'web' | 'only';

interface ManifestFile {
  format: string;
  version: number;
  operations: { id: string; name: string; body: string }[];
}

/**
 * The web app's persisted query manifest (scripts/trusted-documents.mjs), read again when the file
 * changes: in development an edited .graphql file is trusted once codegen has run, without a restart.
 */
export function trustedDocuments(file: string) {
  let bodies = new Map<string, string>();
  let readAt = -1;
  const load = () => {
    const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined) throw new Error(`The trusted documents manifest ${file} is missing: run npm run codegen (or npm run build)`);
    if (mtime === readAt) return;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestFile;
    if (manifest.format !== 'apollo-persisted-query-manifest' || manifest.version !== 1) {
      throw new Error(`${file} is not an Apollo persisted query manifest (version 1)`);
    }
    bodies = new Map(manifest.operations.map((op) => [op.id, op.body]));
    readAt = mtime;
  };
  load();
  return {
    /** The document of a trusted id; on a miss, the file is looked at again in case it changed. */
    body(id: string): string | undefined {
      const known = bodies.get(id);
      if (known !== undefined) return known;
      try {
        load();
      } catch {
        // Being rewritten, or gone: the documents read last stay trusted.
      }
      return bodies.get(id);
    },
    get size() {
      return bodies.size;
    },
  };
}

export type TrustedDocuments = ReturnType<typeof trustedDocuments>;

const refused = (why: string) => new GraphQLError(why, { extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED', http: { status: 400 } } });

/**
 * Resolves an id of the manifest to its document before Apollo Server reads the request (so a hash alone
 * runs, with no automatic-persisted-query registration first) and, where the mode says so, refuses any
 * document that is not in the manifest. Operations the server renderer runs in process are the app's own.
 */
export function trustedDocumentsPlugin<T extends object>(documents: TrustedDocuments, mode: TrustedDocumentsMode): ApolloServerPlugin<T> {
  return {
    async requestDidStart({ request }) {
      if (!request.http) return;
      const persisted = request.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined;
      if (request.query === undefined && typeof persisted?.sha256Hash === 'string') {
        const body = documents.body(persisted.sha256Hash);
        if (body !== undefined) {
          request.query = body;
          // Known already: nothing for the automatic persisted queries' cache to register.
          delete request.extensions?.persistedQuery;
        }
      }
      if (mode === 'open') return;
      const fromWeb = request.http.headers.get('apollographql-client-name') === WEB_CLIENT_NAME;
      if (mode === 'web' && !fromWeb) return;
      return {
        async didResolveOperation({ queryHash }) {
          if (documents.body(queryHash) !== undefined) return;
          throw refused(
            mode === 'only'
              ? 'This shop runs only its trusted documents: send the id of an operation in its manifest'
              : 'The web app may send only its trusted documents: this document is not in the manifest (rebuild the web app)',
          );
        },
      };
    },
  };
}
