import { useEffect, useState } from 'react';
import { NavLink, Navigate, Outlet, useNavigate } from 'react-router-dom';
import { csrfToken, forgetCsrfToken } from '../../lib/apollo';
import { may } from '../../lib/authorization';
import { problem } from '../../lib/format';
import { useMeQuery } from './__generated__/me';
import { useSignOutMutation } from './__generated__/sign-out';

const RELOADED = 'digitic-admin-reloaded-for-token';

/**
 * Signed in but the page carries no CSRF token (it was opened from a link on another site, so the browser sent
 * no SameSite=Strict cookie with it): loaded once more from here, the page has it. Once only, so a browser that
 * sends no Fetch Metadata is not sent round for ever.
 */
function useTokenOnceMore(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    if (csrfToken()) {
      sessionStorage.removeItem(RELOADED);
    } else if (!sessionStorage.getItem(RELOADED)) {
      sessionStorage.setItem(RELOADED, '1');
      window.location.replace(window.location.href);
    }
  }, [signedIn]);
}

/** The desks' frame: who is signed in, what they may open, and signing out. Signed out, it sends to sign-in. */
export function Shell() {
  const { data, loading } = useMeQuery({ fetchPolicy: 'network-only' });
  const [signOut, { client }] = useSignOutMutation();
  const [signOutFailed, setSignOutFailed] = useState<string | null>(null);
  const navigate = useNavigate();
  useTokenOnceMore(Boolean(data?.me));
  if (loading && !data) return <p className="admin-loading">Loading…</p>;
  const me = data?.me;
  if (!me) return <Navigate to="/sign-in" replace />;
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <span className="admin-brand">Back office</span>
        <nav aria-label="Desks">
          {(may(me, 'orders:read') || may(me, 'catalogue:read')) && (
            <NavLink to="/" end>
              Today
            </NavLink>
          )}
          {may(me, 'orders:read') && <NavLink to="/orders">Orders</NavLink>}
          {may(me, 'returns:manage') && <NavLink to="/returns">Returns</NavLink>}
          {may(me, 'catalogue:read') && <NavLink to="/products">Products</NavLink>}
          {may(me, 'catalogue:read') && <NavLink to="/catalogue-terms">Brands and colours</NavLink>}
          {may(me, 'coupons:manage') && <NavLink to="/coupons">Coupons</NavLink>}
          {may(me, 'content:write') && <NavLink to="/posts">Blog posts</NavLink>}
          {may(me, 'enquiries:manage') && <NavLink to="/enquiries">Enquiries</NavLink>}
          {may(me, 'reviews:moderate') && <NavLink to="/reviews">Reviews</NavLink>}
          {may(me, 'customers:read') && <NavLink to="/customers">Customers</NavLink>}
          {may(me, 'audit:read') && <NavLink to="/audit">Audit trail</NavLink>}
          {may(me, 'staff:manage') && <NavLink to="/staff">Staff</NavLink>}
          <NavLink to="/account">Your account</NavLink>
        </nav>
        <span className="admin-who">
          {me.name || me.email} · {me.role.toLowerCase()}
        </span>
        <button
          type="button"
          onClick={() => {
            setSignOutFailed(null);
            // Only a session the shop ended is forgotten here; otherwise it says so, still signed in.
            signOut()
              .then(() => forgetCsrfToken())
              .then(() => client.clearStore())
              .then(() => navigate('/sign-in'))
              .catch((err: unknown) => setSignOutFailed(`You are still signed in: ${problem(err) ?? 'the shop did not answer'}`));
          }}
        >
          Sign out
        </button>
      </header>
      {signOutFailed && (
        <p className="admin-error" role="alert">
          {signOutFailed}
        </p>
      )}
      <main className="admin-main">
        <Outlet context={me} />
      </main>
    </div>
  );
}
