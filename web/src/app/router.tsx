import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { HomePage } from '../features/home/home-page';
import { STORE_QUERY } from '../features/store/store-query';
import { ErrorPage } from './error-page';
import { GuestOnly, RequireCustomer } from './guards';
import { Layout } from './layout';
import type { PagePrefetch } from '../lib/prefetch';

// Every page but the home page is its own chunk, loaded when its route is first visited. A route names
// its page module once (below); the loader comes from this map, and the server renderer reads the same
// name to tell the gateway which chunks (and styles) a server-rendered page needs (see entry-server.tsx).
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>([
  '../features/*/*-page.tsx',
  '!../features/home/home-page.tsx',
]);

/** What a page route tells the server renderer: its module (as the build's manifest names it) and whether the server renders it. */
export interface PageHandle {
  module: string;
  serverRendered: boolean;
  /** The query parameters the page reads; the server renderer drops the others. */
  query: readonly string[];
  /** Loads the page's module (its chunk), for a link shown the intent to follow. */
  prefetch?: PagePrefetch;
}

/**
 * A lazy page route: `module` under src/ (e.g. features/store/store-page.tsx) and its exported component.
 * `query` names the query parameters the page reads (the server renderer drops the others).
 */
function page(
  module: string,
  component: string,
  options: { serverRendered?: boolean; query?: readonly string[] } = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`../${module}`];
  if (!load) throw new Error(`No page module src/${module}`);
  const handle: PageHandle = {
    module: `src/${module}`,
    serverRendered: options.serverRendered ?? true,
    query: options.query ?? [],
    // Its code and data ahead of a click (lib/prefetch.ts); only pages the server renders have data to fetch first.
    prefetch: load as PagePrefetch,
  };
  return {
    handle,
    lazy: async () => {
      const Component = (await load())[component];
      if (!Component) throw new Error(`src/${module} exports no ${component}`);
      return { Component };
    },
  };
}

// Signed-in pages and forms: the browser renders them.
const BROWSER = { serverRendered: false };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', ...page('features/info/about-page.tsx', 'AboutPage') },
      { path: 'contact', ...page('features/contact/contact-page.tsx', 'ContactPage') },
      { path: 'product', ...page('features/store/store-page.tsx', 'StorePage', { query: STORE_QUERY }) },
      { path: 'product/:id', ...page('features/product/product-page.tsx', 'ProductPage') },
      { path: 'blogs', ...page('features/blog/blogs-page.tsx', 'BlogsPage') },
      { path: 'blog/:id', ...page('features/blog/blog-page.tsx', 'BlogPage') },
      { path: 'best-sellers', ...page('features/info/best-sellers-page.tsx', 'BestSellersPage') },
      { path: 'support', ...page('features/info/support-page.tsx', 'SupportPage') },
      { path: 'compare-product', ...page('features/info/compare-page.tsx', 'ComparePage') },
      { path: 'privacy-policy', ...page('features/policies/privacy-policy-page.tsx', 'PrivacyPolicyPage') },
      { path: 'refund-policy', ...page('features/policies/refund-policy-page.tsx', 'RefundPolicyPage') },
      { path: 'shipping-policy', ...page('features/policies/shipping-policy-page.tsx', 'ShippingPolicyPage') },
      { path: 'term-conditions', ...page('features/policies/terms-page.tsx', 'TermsPage') },
      { path: 'forgot-password', ...page('features/account/forgot-password-page.tsx', 'ForgotPasswordPage', BROWSER) },
      { path: 'reset-password/:token', ...page('features/account/reset-password-page.tsx', 'ResetPasswordPage', BROWSER) },
      { path: 'undo-email-change/:token', ...page('features/account/undo-email-change-page.tsx', 'UndoEmailChangePage', BROWSER) },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', ...page('features/account/login-page.tsx', 'LoginPage', BROWSER) },
          { path: 'signup', ...page('features/account/signup-page.tsx', 'SignupPage', BROWSER) },
        ],
      },
      {
        element: <RequireCustomer />,
        children: [
          { path: 'cart', ...page('features/cart/cart-page.tsx', 'CartPage', BROWSER) },
          { path: 'checkout', ...page('features/checkout/checkout-page.tsx', 'CheckoutPage', BROWSER) },
          { path: 'my-orders', ...page('features/orders/orders-page.tsx', 'OrdersPage', BROWSER) },
          { path: 'my-profile', ...page('features/account/profile-page.tsx', 'ProfilePage', BROWSER) },
          { path: 'wishlist', ...page('features/wishlist/wishlist-page.tsx', 'WishlistPage', BROWSER) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The browser's router. Hydrating a server-rendered page, it says so (`hydrationData`): React Router then
 * leaves the scroll where it is, rather than taking the page back to its top as it would a page it rendered
 * itself, so a shopper who scrolled and tapped before the app started is not moved from under the tap.
 */
export const createRouter = (hydrating: boolean) => createBrowserRouter(routes, hydrating ? { hydrationData: {} } : undefined);
