import { useApolloClient } from '@apollo/client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ShopInfoDocument } from '../lib/__generated__/shop-info';
import type { LoadPageData } from '../lib/page-data';
import { Footer } from './footer';
import { holdMutationsUntil, startedFromServerState } from '../lib/apollo';
import { useSession } from '../lib/session';
import { Header } from './header';
import { markAppLive } from '../lib/app-live';
import { HydrateWhenVisible } from '../components/hydrate-when-visible';

/** What every page's shell (header, footer) shows, fetched before the server's one render. */
export const loadShellData: LoadPageData = ({ client }) => client.query({ query: ShopInfoDocument });

export function Layout() {
  return (
    <>
      <Header />
      <main id="main">
        <Outlet />
      </main>
      {/* Below the fold on every page: it hydrates when about to be seen (or used), not with the page. */}
      <HydrateWhenVisible name="footer">
        <Footer />
      </HydrateWhenVisible>
      <LateToasts />
      <ScrollRestoration />
      <CustomerRefresh />
      <AppReady />
    </>
  );
}

/**
 * The server renders every page as a guest sees it. Once hydrated, a signed-in customer's page asks its
 * queries again with their token, so wishlist hearts and the like become theirs.
 */
function CustomerRefresh() {
  const client = useApolloClient();
  const customer = useSession();
  const done = useRef(false);
  useEffect(() => {
    if (!customer || done.current || !startedFromServerState()) return;
    done.current = true;
    holdMutationsUntil(client.refetchQueries({ include: 'active' }));
  }, [client, customer]);
  return null;
}

/** Marks the page as live (hydrated, or first rendered in the browser): its buttons now answer. */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    markAppLive();
  }, []);
  return null;
}

// The toasts' code is not needed to paint or hydrate a page: it loads once the page is live. A toast raised
// before then waits in react-hot-toast's store and shows when the list mounts.
const Toasts = lazy(() => import('./toasts'));

function LateToasts() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
