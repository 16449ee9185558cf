import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { EnrolPage } from './enrol-page';
import { Shell } from './shell';
import { SignInPage } from './sign-in-page';

/**
 * A desk's screen, loaded when it is first opened: each screen's code is a chunk of its own (the bundle report
 * lists them), so the back office's first load is the frame and the screen it opens at, not every desk.
 */
function screen<M>(load: () => Promise<M>, name: keyof M): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}

/** What shows while the first screen's code loads (once, at the start). */
function Starting() {
  return <p className="admin-starting">Opening the back office…</p>;
}

/** The back office's routes, under /admin/. Enrolment and sign-in stand alone; the desks sit in the shell. */
const routes: RouteObject[] = [
  {
    HydrateFallback: Starting,
    children: [
      { path: 'enrol', Component: EnrolPage },
      { path: 'sign-in', Component: SignInPage },
      {
        Component: Shell,
        children: [
          { index: true, ...screen(() => import('../features/dashboard/dashboard-page'), 'DashboardPage') },
          { path: 'orders', ...screen(() => import('../features/orders/orders-page'), 'OrdersPage') },
          { path: 'orders/:id', ...screen(() => import('../features/orders/order-page'), 'OrderPage') },
          { path: 'orders/:id/packing-slip', ...screen(() => import('../features/orders/packing-slip-page'), 'PackingSlipPage') },
          { path: 'returns', ...screen(() => import('../features/returns/returns-page'), 'ReturnsPage') },
          { path: 'returns/:id', ...screen(() => import('../features/returns/return-page'), 'ReturnPage') },
          { path: 'products', ...screen(() => import('../features/catalogue/products-page'), 'ProductsPage') },
          { path: 'products/:id', ...screen(() => import('../features/catalogue/product-page'), 'ProductPage') },
          { path: 'catalogue-terms', ...screen(() => import('../features/catalogue/terms-page'), 'TermsPage') },
          { path: 'coupons', ...screen(() => import('../features/coupons/coupons-page'), 'CouponsPage') },
          { path: 'coupons/:id', ...screen(() => import('../features/coupons/coupon-page'), 'CouponPage') },
          { path: 'reviews', ...screen(() => import('../features/reviews/reviews-page'), 'ReviewsPage') },
          { path: 'posts', ...screen(() => import('../features/blog/posts-page'), 'PostsPage') },
          { path: 'posts/:id', ...screen(() => import('../features/blog/post-page'), 'PostPage') },
          { path: 'enquiries', ...screen(() => import('../features/enquiries/enquiries-page'), 'EnquiriesPage') },
          { path: 'enquiries/:id', ...screen(() => import('../features/enquiries/enquiry-page'), 'EnquiryPage') },
          { path: 'complaints', ...screen(() => import('../features/complaints/complaints-page'), 'ComplaintsPage') },
          { path: 'customers', ...screen(() => import('../features/customers/customers-page'), 'CustomersPage') },
          { path: 'customers/:id', ...screen(() => import('../features/customers/customer-page'), 'CustomerPage') },
          { path: 'audit', ...screen(() => import('../features/audit/audit-page'), 'AuditPage') },
          { path: 'account', ...screen(() => import('../features/staff/account-page'), 'AccountPage') },
          { path: 'staff', ...screen(() => import('../features/staff/staff-page'), 'StaffPage') },
          { path: 'reports', ...screen(() => import('../features/reports/reports-page'), 'ReportsPage') },
          { path: 'search', ...screen(() => import('../features/search/search-page'), 'SearchPage') },
          { path: 'settings', ...screen(() => import('../features/settings/settings-page'), 'SettingsPage') },
          { path: 'policies', ...screen(() => import('../features/policies/policies-page'), 'PoliciesPage') },
          { path: 'policies/:page', ...screen(() => import('../features/policies/policy-page'), 'PolicyPage') },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

// A data router: a form with unsaved edits can hold a navigation until the person says (components/save-form.tsx).
const router = createBrowserRouter(routes, { basename: '/admin' });

export function App() {
  return <RouterProvider router={router} />;
}
