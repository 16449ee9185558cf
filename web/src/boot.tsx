// The storefront itself: hydrates a server-rendered page, or renders the app in the browser.
import { ApolloProvider } from '@apollo/client';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { createRouter, routes } from './app/router';
import { createApolloClient, serverState } from './lib/apollo';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/** The lazy pages the server rendered must be here before hydrating, or the first render would differ. */
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
const app = () => (
  <StrictMode>
    <ApolloProvider client={createApolloClient('/graphql', state)}>
      <RouterProvider router={createRouter()} />
    </ApolloProvider>
  </StrictMode>
);

if (state && root.firstElementChild) {
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  void loadMatchedPages(routes).then(() =>
    startTransition(() => {
      hydrateRoot(root, app(), {
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    }),
  );
} else {
  createRoot(root).render(app());
}
