import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';

export interface PageDataArgs {
  client: ApolloClient<NormalizedCacheObject>;
  /** The route's parameters (`:id`). */
  params: Readonly<Record<string, string | undefined>>;
  /** The page address's query (only the parameters the page reads reach the server renderer). */
  search: URLSearchParams;
}

/**
 * What a server-rendered page asks for, fetched before its one render: the same operations, with the
 * same variables, as its components' hooks, so that every hook finds its answer in the cache. A page
 * module exports it as `loadData`; the server renderer calls it (src/entry-server.tsx).
 */
export type LoadPageData = (args: PageDataArgs) => Promise<unknown>;
