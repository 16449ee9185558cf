// The storefront itself: hydrates a server-rendered page, or renders the app in the browser.
import { ApolloProvider } from '@apollo/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRouter, routes } from './app/router';
import { createApolloClient, serverState } from './lib/apollo';
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

const state = serverState();
const client = createApolloClient('/graphql', state);

/** The app, with a router made once the matched pages are loaded (it copies the routes as they are then). */
function app() {
  const router = createRouter();
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

// A link's page (code and data) starts loading when the shopper shows the intent to follow it, once the
// page is live: an answer written into the cache before hydration would change what hydration reads.
void whenAppLive().then(() => prefetchOnIntent(routes, client));

if (state && root.firstElementChild) {
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  void loadMatchedPages(routes).then(() =>
    startTransition(() => {
      // Sections below the fold wait to be seen (components/hydrate-when-visible.tsx).
      startFirstHydration();
      hydrateRoot(root, app(), {
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    }),
  );
} else {
  // The page's own chunk is loaded before the first render too, so the router starts with every matched
  // route ready: the page shows whole, at once, and React Router needs no HydrateFallback.
  void loadMatchedPages(routes).then(() => createRoot(root).render(app()));
}
