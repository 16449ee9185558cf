import { Navigate, Outlet } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { useSession } from '../lib/session';

/** Signed-in pages: a visitor without a stored customer token goes to /login. */
export function RequireCustomer() {
  return useSession() ? <Outlet /> : <Navigate to={ROUTES.login} replace />;
}

/** Login and signup: a visitor who holds a token goes to /. */
export function GuestOnly() {
  return useSession() ? <Navigate to={ROUTES.home} replace /> : <Outlet />;
}
