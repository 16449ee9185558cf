import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';

export interface PageDataArgs {
  client: ApolloClient<NormalizedCacheObject>;
  /** The route's parameters (`:id`). */
  params: Readonly<Record<string, string | undefined>>;
  /** The page address's query (only the parameters the page reads reach the server renderer). */
  search: URLSearchParams;
  /**
   * Says the address is not one of the shop's own pages (a filter value no product has, a page past the
   * last, a default written out, a price typed in): the page still renders as asked, but the gateway does
   * not cache it, so made-up addresses cannot fill its cache.
   */
  madeUpAddress: () => void;
}

/**
 * What a server-rendered page asks for, fetched before its one render: the same operations, with the
 * same variables, as its components' hooks, so that every hook finds its answer in the cache. A page
 * module exports it as `loadData`; the server renderer calls it (src/entry-server.tsx).
 */
export type LoadPageData = (args: PageDataArgs) => Promise<unknown>;
