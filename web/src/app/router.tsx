import { createBrowserRouter } from 'react-router-dom';
import { BlogPage, BlogsPage } from '../features/blog/blogs-page';
import { StorePage } from '../features/catalog/store-page';
import { ContactPage } from '../features/contact/contact-page';
import { HomePage } from '../features/pages/home-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import {
  AboutPage,
  BestSellersPage,
  ComparePage,
  PrivacyPolicyPage,
  RefundPolicyPage,
  ShippingPolicyPage,
  SupportPage,
  TermsPage,
} from '../features/pages/static-pages';
import { ProductPage } from '../features/product/product-page';
import { ErrorPage } from './error-page';
import { Layout } from './layout';

export const routes = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'product', element: <StorePage /> },
      { path: 'product/:id', element: <ProductPage /> },
      { path: 'blogs', element: <BlogsPage /> },
      { path: 'blog/:id', element: <BlogPage /> },
      { path: 'best-sellers', element: <BestSellersPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'compare-product', element: <ComparePage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'refund-policy', element: <RefundPolicyPage /> },
      { path: 'shipping-policy', element: <ShippingPolicyPage /> },
      { path: 'term-conditions', element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
