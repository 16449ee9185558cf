import { useApolloClient } from '@apollo/client';
import { useEffect, useRef } from 'react';
import { toast, useToaster } from 'react-hot-toast';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ShopInfoDocument } from '../__generated__/graphql';
import { TOAST_MS } from '../config/constants';
import type { LoadPageData } from '../lib/page-data';
import { Footer } from './footer';
import { holdMutationsUntil, startedFromServerState } from '../lib/apollo';
import { useSession } from '../lib/session';
import { Header } from './header';

/** What every page's shell (header, footer) shows, fetched before the server's one render. */
export const loadShellData: LoadPageData = ({ client }) => client.query({ query: ShopInfoDocument });

export function Layout() {
  return (
    <>
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <Toasts />
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
  }, []);
  return null;
}

/** Top-right, light, 5 s; hovering or leaving the window pauses them; a click closes one (spec §2). */
export function Toasts() {
  const { toasts, handlers } = useToaster({ duration: TOAST_MS });
  const { startPause, endPause } = handlers;
  useEffect(() => {
    window.addEventListener('blur', startPause);
    window.addEventListener('focus', endPause);
    return () => {
      window.removeEventListener('blur', startPause);
      window.removeEventListener('focus', endPause);
    };
  }, [startPause, endPause]);
  return (
    <div className="toaster" onMouseEnter={startPause} onMouseLeave={endPause}>
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <div
            key={t.id}
            {...t.ariaProps}
            role={t.type === 'error' ? 'alert' : 'status'}
            className={`toast-item toast-${t.type}`}
            onClick={() => toast.dismiss(t.id)}
          >
            {typeof t.message === 'function' ? t.message(t) : t.message}
          </div>
        ))}
    </div>
  );
}
