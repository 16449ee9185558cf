// The storefront itself: hydrates a server-rendered page, or renders the app in the browser.
import { ApolloProvider, type ApolloClient, type NormalizedCacheObject, type QueryOptions } from '@apollo/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRouter, routes, type PageHandle } from './app/router';
import { loadShellData } from './app/layout';
import { loadData as loadHomeData } from './features/home/home-page';
import { createApolloClient, serverState } from './lib/apollo';
import type { LoadPageData } from './lib/page-data';
import { prefetchOnIntent } from './lib/prefetch';
import { markAppListening, whenAppLive } from './lib/app-live';
import { endFirstHydration, startFirstHydration } from './components/hydrate-when-visible';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/** The lazy pages a path shows, loaded before the first render (when hydrating, the first render must match the server's). */
async function loadMatchedPages(list: RouteObject[]) {
  const matches = matchRoutes(list, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/** A new task: the browser may paint and answer input before the next step of starting the app. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The app, with a router made once the matched pages are loaded (it copies the routes as they are then). */
function app(client: ReturnType<typeof createApolloClient>, router: ReturnType<typeof createRouter>) {
  // The first navigation ends the server-rendered page's first hydration (components/hydrate-when-visible.tsx).
  const firstKey = router.state.location.key;
  const unsubscribe = router.subscribe((next) => {
    if (next.navigation.state === 'idle' && next.location.key === firstKey) return;
    endFirstHydration();
    unsubscribe();
  });
  return (
    <StrictMode>
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
      </ApolloProvider>
    </StrictMode>
  );
}

/**
 * The shell's and the page's queries read from the cache once before hydration, each in a task of its own:
 * Apollo's document transforms and cache reading run (and are compiled) there for the first time, not
 * inside the header's or the page's first render, which then find the results memoized. Reads only
 * (`cache-only`): nothing is fetched and nothing written, so hydration reads what the server rendered.
 */
async function readFromCache(client: ApolloClient<NormalizedCacheObject>) {
  // Each query in two tasks: the cache's own read (its document transform and reading), then the query
  // as Apollo runs it (its own transforms; the cache's answer is then memoized).
  const query = async (options: QueryOptions) => {
    client.readQuery(options);
    await nextTask();
    return client.query({ ...options, fetchPolicy: 'cache-only' });
  };
  const cacheOnly = new Proxy(client, {
    get: (target, key, receiver): unknown => (key === 'query' ? query : Reflect.get(target, key, receiver)),
  });
  const url = new URL(window.location.href);
  // The shell's loader first (the header's query), then each matched page's, as the server renderer runs them.
  const loaders: { load?: LoadPageData; params: Readonly<Record<string, string | undefined>> }[] = [{ load: loadShellData, params: {} }];
  for (const { route, params } of matchRoutes(routes, url) ?? []) {
    loaders.push({ load: route.index ? loadHomeData : (await (route.handle as PageHandle | undefined)?.prefetch?.())?.loadData, params });
  }
  for (const { load, params } of loaders) {
    if (!load) continue;
    await load({ client: cacheOnly, params, search: url.searchParams, madeUpAddress: () => undefined }).catch(() => undefined);
    await nextTask();
  }
}

/**
 * Starting the app is several short tasks, not one long one (a phone's main thread stays free for a tap
 * between them): this module's evaluation, then the matched pages' chunks, the Apollo cache with the
 * server's answers, the router, and hydration, which React does in slices of a few milliseconds (a transition).
 */
async function start(target: HTMLElement) {
  const state = serverState();
  const hydrating = Boolean(state && target.firstElementChild);
  await loadMatchedPages(routes);
  await nextTask();
  const client = createApolloClient('/graphql', state);
  // A link's page (code and data) starts loading when the shopper shows the intent to follow it, once the
  // page is live: an answer written into the cache before hydration would change what hydration reads.
  void whenAppLive().then(() => prefetchOnIntent(routes, client));
  await nextTask();
  if (hydrating) await readFromCache(client);
  const router = createRouter(hydrating);
  await nextTask();
  // React listens from here on: taps made before now are carried out once the page is live (lib/app-live.ts).
  markAppListening();
  if (hydrating) {
    startTransition(() => {
      // Sections below the fold wait to be seen (components/hydrate-when-visible.tsx).
      startFirstHydration();
      hydrateRoot(target, app(client, router), {
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    });
  } else {
    // The page's own chunk is loaded before the first render too, so the router starts with every matched
    // route ready: the page shows whole, at once, and React Router needs no HydrateFallback.
    createRoot(target).render(app(client, router));
  }
}

void start(root);
