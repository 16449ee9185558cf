import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { LoadPageData } from './page-data';
import { alsoHoldMutationsUntil } from './apollo';

/** What a page route can start before it is shown: its module (code) and, from it, its `loadData`. */
export type PagePrefetch = () => Promise<{ loadData?: LoadPageData }>;

/** The shopper asked their browser to save data (Network Information API, where there is one). */
const saveData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Pages already asked for (bounded: a shopper hovering over a long list asks each once). */
const started = new Set<string>();
const REMEMBERED = 500;

/**
 * Starts loading the page `href` shows: the route's chunk and the data its server render would fetch
 * (the page module's `loadData`, the same operations as its hooks, so the page finds them in the cache).
 * Nothing for another site, a page the browser renders itself, or one already started.
 */
export function prefetchPage(routes: RouteObject[], client: ApolloClient<NormalizedCacheObject>, href: string): void {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return;
  }
  if (url.origin !== window.location.origin || saveData()) return;
  const key = url.pathname + url.search;
  if (started.has(key) || (url.pathname === window.location.pathname && url.search === window.location.search)) return;
  if (started.size >= REMEMBERED) started.clear();
  started.add(key);
  for (const { route, params } of matchRoutes(routes, url) ?? []) {
    const prefetch = (route.handle as { prefetch?: PagePrefetch } | undefined)?.prefetch;
    if (!prefetch) continue;
    const data = prefetch().then((page) => page.loadData?.({ client, params, search: url.searchParams, madeUpAddress: () => undefined }));
    // Its answers carry the shopper's state (a wishlist heart): a mutation sent meanwhile must land after them.
    alsoHoldMutationsUntil(data);
    // A prefetch that fails costs nothing: the page asks again when it is shown, and shows its error then.
    data.catch(() => started.delete(key));
  }
}

/**
 * Prefetches on intent: a pointer over a link, a finger on it (touchstart comes ~100 ms before the click on
 * a phone), or keyboard focus. One listener each on the document, for every link of the app.
 */
export function prefetchOnIntent(routes: RouteObject[], client: ApolloClient<NormalizedCacheObject>): () => void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
    prefetchPage(routes, client, link.href);
  };
  const options = { passive: true, capture: true } as const;
  const events = ['mouseover', 'touchstart', 'focusin'] as const;
  for (const type of events) document.addEventListener(type, onIntent, options);
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent, options);
  };
}
