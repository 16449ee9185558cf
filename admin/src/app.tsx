import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AccountPage } from './features/account/account-page';
import { AuditPage } from './features/audit/audit-page';
import { CouponPage } from './features/coupon/coupon-page';
import { CouponsPage } from './features/coupons/coupons-page';
import { CustomerPage } from './features/customer/customer-page';
import { EnquiriesPage } from './features/enquiries/enquiries-page';
import { EnquiryPage } from './features/enquiry/enquiry-page';
import { ReviewsPage } from './features/reviews/reviews-page';
import { PostPage } from './features/post/post-page';
import { PostsPage } from './features/posts/posts-page';
import { CustomersPage } from './features/customers/customers-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { PackingSlipPage } from './features/packing-slip/packing-slip-page';
import { ProductPage } from './features/product/product-page';
import { ProductsPage } from './features/products/products-page';
import { TermsPage } from './features/terms/terms-page';
import { ReturnPage } from './features/return/return-page';
import { ReturnsPage } from './features/returns/returns-page';
import { EnrolPage } from './features/enrol/enrol-page';
import { OrderPage } from './features/order/order-page';
import { OrdersPage } from './features/orders/orders-page';
import { Shell } from './features/shell/shell';
import { SignInPage } from './features/sign-in/sign-in-page';
import { StaffPage } from './features/staff/staff-page';

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
