import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, Observable } from '@apollo/client';
import operationIds from '../__generated__/operation-ids.json';

/** The name the gateway knows the back office by. */
export const ADMIN_CLIENT_NAME = 'digitic-admin';

/** The session's CSRF token, from the readable cookie the gateway set at sign-in; sent with every request. */
export function csrfToken(): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith('digitic_staff_csrf='));
  return found ? decodeURIComponent(found.slice('digitic_staff_csrf='.length)) : null;
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
  return new ApolloClient({
    link: ApolloLink.from([headers, trustedIds, new HttpLink({ uri, credentials: 'same-origin' })]),
    cache: new InMemoryCache({
      // One vocabulary: a mutation's answer replaces what the query showed.
      typePolicies: { CatalogueTerms: { keyFields: [] } },
    }),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
