// The storefront itself: hydrates a server-rendered page, or renders the app in the browser.
import { ApolloProvider } from '@apollo/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRouter, routes } from './app/router';
import { createApolloClient, serverState } from './lib/apollo';
import { ShopInfoDocument } from './lib/__generated__/shop-info';
import { prefetchOnIntent } from './lib/prefetch';
import { whenAppLive } from './lib/app-live';
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
  if (hydrating) {
    // The shell's query read from the cache once, in a task of its own: Apollo's document transforms and
    // cache reading run (and are compiled) here for the first time, not inside the header's first render,
    // which then finds the result memoized. A read only: nothing is written, nothing is fetched.
    client.readQuery({ query: ShopInfoDocument });
    await nextTask();
  }
  const router = createRouter();
  await nextTask();
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
