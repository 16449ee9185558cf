import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireCustomer } from '../features/account/guards';
import { HomePage } from '../features/pages/home-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { ErrorPage } from './error-page';
import { Layout } from './layout';

// Every page but the home page is its own chunk, loaded when its route is first visited. The gateway
// preloads a server-rendered page's chunk by path (gateway/src/web/pages.ts, matchedModules): keep the two in step.
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] =>
  async () => ({ Component: (await load())[name] });

const staticPages = () => import('../features/pages/static-pages');
const auth = () => import('../features/account/auth-pages');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', lazy: page(staticPages, 'AboutPage') },
      { path: 'contact', lazy: page(() => import('../features/contact/contact-page'), 'ContactPage') },
      { path: 'product', lazy: page(() => import('../features/catalog/store-page'), 'StorePage') },
      { path: 'product/:id', lazy: page(() => import('../features/product/product-page'), 'ProductPage') },
      { path: 'blogs', lazy: page(() => import('../features/blog/blogs-page'), 'BlogsPage') },
      { path: 'blog/:id', lazy: page(() => import('../features/blog/blogs-page'), 'BlogPage') },
      { path: 'best-sellers', lazy: page(staticPages, 'BestSellersPage') },
      { path: 'support', lazy: page(staticPages, 'SupportPage') },
      { path: 'compare-product', lazy: page(staticPages, 'ComparePage') },
      { path: 'privacy-policy', lazy: page(staticPages, 'PrivacyPolicyPage') },
      { path: 'refund-policy', lazy: page(staticPages, 'RefundPolicyPage') },
      { path: 'shipping-policy', lazy: page(staticPages, 'ShippingPolicyPage') },
      { path: 'term-conditions', lazy: page(staticPages, 'TermsPage') },
      { path: 'forgot-password', lazy: page(auth, 'ForgotPasswordPage') },
      { path: 'reset-password/:token', lazy: page(auth, 'ResetPasswordPage') },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: page(auth, 'LoginPage') },
          { path: 'signup', lazy: page(auth, 'SignupPage') },
        ],
      },
      {
        element: <RequireCustomer />,
        children: [
          { path: 'cart', lazy: page(() => import('../features/cart/cart-page'), 'CartPage') },
          { path: 'checkout', lazy: page(() => import('../features/checkout/checkout-page'), 'CheckoutPage') },
          { path: 'my-orders', lazy: page(() => import('../features/orders/orders-page'), 'OrdersPage') },
          { path: 'my-profile', lazy: page(() => import('../features/account/profile-page'), 'ProfilePage') },
          { path: 'wishlist', lazy: page(() => import('../features/wishlist/wishlist-page'), 'WishlistPage') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
