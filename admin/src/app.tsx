import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuditPage } from './features/audit/audit-page';
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
          <Route index element={<Navigate to="/orders" replace />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/orders/:id" element={<OrderPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="/staff" element={<StaffPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/orders" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
