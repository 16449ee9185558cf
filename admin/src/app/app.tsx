import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuditPage } from '../features/audit/audit-page';
import { PostPage } from '../features/blog/post-page';
import { PostsPage } from '../features/blog/posts-page';
import { ProductPage } from '../features/catalogue/product-page';
import { ProductsPage } from '../features/catalogue/products-page';
import { TermsPage } from '../features/catalogue/terms-page';
import { CouponPage } from '../features/coupons/coupon-page';
import { CouponsPage } from '../features/coupons/coupons-page';
import { CustomerPage } from '../features/customers/customer-page';
import { CustomersPage } from '../features/customers/customers-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { EnquiriesPage } from '../features/enquiries/enquiries-page';
import { EnquiryPage } from '../features/enquiries/enquiry-page';
import { OrderPage } from '../features/orders/order-page';
import { OrdersPage } from '../features/orders/orders-page';
import { PackingSlipPage } from '../features/orders/packing-slip-page';
import { ReturnPage } from '../features/returns/return-page';
import { ReturnsPage } from '../features/returns/returns-page';
import { ReviewsPage } from '../features/reviews/reviews-page';
import { AccountPage } from '../features/staff/account-page';
import { StaffPage } from '../features/staff/staff-page';
import { EnrolPage } from './enrol-page';
import { Shell } from './shell';
import { SignInPage } from './sign-in-page';

/** The back office's routes, under /admin/. Enrolment and sign-in stand alone; the desks sit in the shell. */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Routes>
        <Route path="/enrol" element={<EnrolPage />} />
        <Route path="/sign-in" element={<SignInPage />} />
        <Route element={<Shell />}>
          <Route index element={<DashboardPage />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/orders/:id" element={<OrderPage />} />
          <Route path="/orders/:id/packing-slip" element={<PackingSlipPage />} />
          <Route path="/returns" element={<ReturnsPage />} />
          <Route path="/returns/:id" element={<ReturnPage />} />
          <Route path="/products" element={<ProductsPage />} />
          <Route path="/products/:id" element={<ProductPage />} />
          <Route path="/catalogue-terms" element={<TermsPage />} />
          <Route path="/coupons" element={<CouponsPage />} />
          <Route path="/coupons/:id" element={<CouponPage />} />
          <Route path="/reviews" element={<ReviewsPage />} />
          <Route path="/posts" element={<PostsPage />} />
          <Route path="/posts/:id" element={<PostPage />} />
          <Route path="/enquiries" element={<EnquiriesPage />} />
          <Route path="/enquiries/:id" element={<EnquiryPage />} />
          <Route path="/customers" element={<CustomersPage />} />
          <Route path="/customers/:id" element={<CustomerPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/staff" element={<StaffPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
