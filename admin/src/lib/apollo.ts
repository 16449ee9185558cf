import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, Observable } from '@apollo/client';
import operationIds from '../__generated__/operation-ids.json';

/** The name the gateway knows the back office by. */
export const ADMIN_CLIENT_NAME = 'digitic-admin';

// The session's CSRF token, sent with every request. Its cookie is httpOnly: the gateway writes it into this page
// only when the page was a top-level navigation with the session (gateway/src/admin/static.ts); it is kept here,
// in memory, and taken out of the document.
let token: string | null = null;

/** Takes the token the gateway wrote into the page (a meta in its head) and removes the meta. */
export function takeCsrfTokenFromPage(doc: Document = document): void {
  const meta = doc.querySelector('meta[name="digitic-csrf"]');
  if (!meta) return;
  token = meta.getAttribute('content') || null;
  meta.remove();
}

/** The session's CSRF token, or null (signed out, or a page the gateway gave none). */
export function csrfToken(): string | null {
  return token;
}

/** Signed out: the token is of no use any more. */
export function forgetCsrfToken(): void {
  token = null;
}

// The back office sends only the ids of its trusted documents (scripts/trusted-documents.mjs): in production
// the gateway runs nothing else on /admin/graphql.
const trustedIds = new ApolloLink((operation, forward) => {
  const id = (operationIds as Record<string, string>)[operation.operationName];
  if (!id) return new Observable((o) => o.error(new Error(`${operation.operationName} is not a trusted document: run npm run codegen`)));
  operation.extensions.persistedQuery = { version: 1, sha256Hash: id };
  operation.setContext({ http: { includeQuery: false, includeExtensions: true } });
  return forward(operation);
});

const headers = new ApolloLink((operation, forward) => {
  const csrf = csrfToken();
  operation.setContext(({ headers: h = {} }: { headers?: Record<string, string> }) => ({
    headers: { ...h, 'apollographql-client-name': ADMIN_CLIENT_NAME, ...(csrf ? { 'X-CSRF-Token': csrf } : {}) },
  }));
  return forward(operation);
});

export function createClient(uri = '/admin/graphql') {
  takeCsrfTokenFromPage();
  return new ApolloClient({
    link: ApolloLink.from([headers, trustedIds, new HttpLink({ uri, credentials: 'same-origin' })]),
    cache: new InMemoryCache({
      // One vocabulary: a mutation's answer replaces what the query showed.
      typePolicies: { CatalogueTerms: { keyFields: [] } },
    }),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
