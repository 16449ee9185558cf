import {
  ApolloClient,
  ApolloLink,
  from,
  HttpLink,
  InMemoryCache,
  type InMemoryCacheConfig,
  type NormalizedCacheObject,
  Observable,
} from '@apollo/client';
import { getOperationDefinition } from '@apollo/client/utilities';
import { OperationTypeNode } from 'graphql';
import { setContext } from '@apollo/client/link/context';
import { onError } from '@apollo/client/link/error';
import { ROUTES } from '../config/routes';
import { forgetEverything, storedToken } from './storage';
import type { ErrorCode } from '../__generated__/schema-enums';

const auth = setContext((_op, { headers }: { headers?: Record<string, string> }) => {
  const token = storedToken();
  return { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } };
});

/**
 * The gateway answers a refused sign-in, a bad token or a rate limit with 401 or 429 and the GraphQL
 * errors in the body (for other clients). Apollo's HttpLink would turn such a status into a network
 * error and drop the body; this fetch hands those answers on as 200 so the shop reads the GraphQL
 * errors they hold (with their codes and messages).
 */
const fetchKeepingGraphQLErrors: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if ((res.status === 401 || res.status === 429) && res.headers.get('content-type')?.includes('json')) {
    return new Response(res.body, { status: 200, headers: res.headers });
  }
  return res;
};

// An expired or rejected token signs the customer out and sends them to the login page.
const signOutOnUnauthenticated = onError(({ graphQLErrors }) => {
  if (graphQLErrors?.some((e) => e.extensions?.code === ('UNAUTHENTICATED' satisfies ErrorCode)) && storedToken()) {
    forgetEverything();
    window.location.assign(ROUTES.login);
  }
});

let settled: Promise<unknown> = Promise.resolve();
/**
 * Mutations wait for `refresh`: a query that set out before a mutation must not land after it and put back
 * what the mutation changed (a wishlist heart, a new review). Optimistic answers still show at once.
 */
export function holdMutationsUntil(refresh: Promise<unknown>): void {
  settled = refresh.catch(() => undefined);
}

/** Resolves when a mutation sent now would go (what it waits for has settled). */
export const mutationsMayGo = (): Promise<unknown> => settled;

/** Mutations also wait for `query` (a page's data fetched ahead of a click, lib/prefetch.ts), with what they waited for. */
export function alsoHoldMutationsUntil(query: Promise<unknown>): void {
  settled = Promise.all([settled, query.catch(() => undefined)]);
}

const mutationsAfterRefresh = new ApolloLink((operation, forward) => {
  if (getOperationDefinition(operation.query)?.operation !== OperationTypeNode.MUTATION) return forward(operation);
  return new Observable((observer) => {
    let subscription: { unsubscribe: () => void } | undefined;
    let cancelled = false;
    void settled.then(() => {
      if (!cancelled) subscription = forward(operation).subscribe(observer);
    });
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  });
});

/** The name the gateway knows the web app by (sent as apollographql-client-name). */
export const WEB_CLIENT_NAME = 'digitic-web';

// Operation name -> id in the gateway's manifest of trusted documents (scripts/trusted-documents.mjs).
// Loaded beside the first page, not with it: no request waits long, and the first load stays small.
let operationIds: Promise<Record<string, string>> | undefined;
const loadOperationIds = () =>
  (operationIds ??= import('../__generated__/operation-ids.json').then(
    (m) => m.default as Record<string, string>,
    (err: unknown) => {
      operationIds = undefined; // tried again with the next operation
      throw err;
    },
  ));

/**
 * Sends the id of each operation instead of its document (the gateway runs only what its manifest holds,
 * when locked); queries go as GET, so the browser and any cache in between can keep public answers.
 */
const trustedDocuments = new ApolloLink((operation, forward) => {
  return new Observable((observer) => {
    let subscription: { unsubscribe: () => void } | undefined;
    let cancelled = false;
    loadOperationIds().then(
      (ids) => {
        if (cancelled) return;
        const id = ids[operation.operationName];
        if (id) {
          operation.extensions.persistedQuery = { version: 1, sha256Hash: id };
          const query = getOperationDefinition(operation.query)?.operation === OperationTypeNode.QUERY;
          operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
            http: { includeQuery: false, includeExtensions: true },
            // A GET must say it is no cross-site form (Apollo Server's CSRF prevention).
            headers: { ...headers, 'x-apollo-operation-name': operation.operationName },
            ...(query ? { fetchOptions: { method: 'GET' } } : {}),
          }));
        }
        subscription = forward(operation).subscribe(observer);
      },
      (err: unknown) => observer.error(err),
    );
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  });
});

/** The one cache shape, in the browser and in the server renderer, so the server's state restores as it was. */
export const cacheConfig: InMemoryCacheConfig = {
  typePolicies: {
    Query: {
      fields: {
        products: { keyArgs: ['filter', 'sort', 'page', 'pageSize'] },
        // A product opened from a list reads the card's fields at once; the page query completes the rest.
        product: {
          read(existing: unknown, { args, toReference, canRead }) {
            if (existing !== undefined) return existing;
            const ref = toReference({ __typename: 'Product', id: args?.id as string });
            return canRead(ref) ? ref : undefined;
          },
        },
      },
    },
    ProductPage: { keyFields: false },
    ShopInfo: { keyFields: [] },
    // The shop's one set of facets, asked for by the shell (its categories) and the store (all of them): each
    // answer adds its fields to the one object. Replaced instead, whichever answered last would take the other's
    // fields away, and the store would ask again while the server renders it (or after it hydrates).
    ProductFacets: { merge: true },
  },
};

export function createCache() {
  return new InMemoryCache(cacheConfig);
}

/** The page's Apollo state embedded by the server renderer, if this page was server-rendered. */
export function serverState(): NormalizedCacheObject | undefined {
  const json = document.getElementById('__APOLLO_STATE__')?.textContent;
  return json ? (JSON.parse(json) as NormalizedCacheObject) : undefined;
}

let restoredFromServer = false;
/** True when the cache began with the server's state: what it holds was answered for a guest. */
export const startedFromServerState = () => restoredFromServer;

export function createApolloClient(uri = '/graphql', initialState?: NormalizedCacheObject) {
  const cache = createCache();
  if (initialState) {
    cache.restore(initialState);
    restoredFromServer = true;
  }
  return new ApolloClient({
    link: from([
      mutationsAfterRefresh,
      signOutOnUnauthenticated,
      auth,
      trustedDocuments,
      new HttpLink({ uri, fetch: fetchKeepingGraphQLErrors }),
    ]),
    cache,
    name: WEB_CLIENT_NAME,
    // Queries the server already answered are not asked again while the page hydrates.
    ssrForceFetchDelay: initialState ? 100 : 0,
  });
}
