import { useEffect, useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { csrfToken, forgetCsrfToken } from '../lib/apollo';
import { problem } from '../lib/format';
import { useMeQuery } from './__generated__/me';
import { findPath } from './find';
import { closedBecause, deskOf, mayOpen, NAVIGATION, navigationFor } from './navigation';
import type { Signed } from '../lib/authorization';
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

/** Each page its own title in the browser's tab and history: the desk's name, then the back office's. */
function usePageTitle(label: string | undefined) {
  useEffect(() => {
    document.title = label ? `${label} · Back office · Digitic` : 'Back office · Digitic';
  }, [label]);
}

/**
 * The desks' frame: a skip link, who is signed in and signing out, the desks grouped by job (only those this person
 * may open; behind a Menu button on a phone), the current one marked, and the page, or, for a desk opened by its
 * address without the permission, a plain sentence saying so. Signed out, it sends to sign-in.
 */
export function Shell() {
  const { data, loading } = useMeQuery({ fetchPolicy: 'network-only' });
  const [signOut, { client }] = useSignOutMutation();
  const [signOutFailed, setSignOutFailed] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useTokenOnceMore(Boolean(data?.me));
  usePageTitle(deskOf(location.pathname)?.label);
  if (loading && !data) return <p className="admin-loading">Loading…</p>;
  const me = data?.me;
  if (!me) return <Navigate to="/sign-in" replace />;
  const desk = deskOf(location.pathname);
  const closed = desk && !mayOpen(me, desk) ? desk : null;
  return (
    <div className="admin-shell" data-menu={menuOpen ? 'open' : 'closed'}>
      <a className="admin-skip" href="#main">
        Skip to the page
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="desks"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <span className="admin-brand">Back office</span>
        <FindBox me={me} />
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
      <nav id="desks" aria-label="Desks" className="admin-nav">
        {navigationFor(me).map((g) => (
          <section key={g.group} aria-labelledby={`desks-${g.group}`}>
            <h2 id={`desks-${g.group}`}>{g.group}</h2>
            <ul>
              {g.desks.map((d) => (
                <li key={d.to}>
                  <NavLink to={d.to} end={d.to === '/'} onClick={() => setMenuOpen(false)}>
                    {d.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <main className="admin-main" id="main" tabIndex={-1}>
        {signOutFailed && (
          <p className="admin-error" role="alert">
            {signOutFailed}
          </p>
        )}
        {closed ? (
          <section>
            <h1>{closed.label}</h1>
            <p>
              Your role ({me.role.toLowerCase()}) does not open {closed.label}: it needs {closedBecause(closed)}. An owner can change your
              role on the Staff page.
            </p>
          </section>
        ) : (
          <Outlet context={me} />
        )}
      </main>
    </div>
  );
}

/** Find an order (by its number, e-mail or phone) or a product (by name) from any screen. */
function FindBox({ me }: { me: Signed }) {
  const navigate = useNavigate();
  const [words, setWords] = useState('');
  const desks = NAVIGATION.flatMap((g) => g.desks);
  const opens = (to: string) => desks.some((d) => d.to === to && mayOpen(me, d));
  const may = { orders: opens('/orders'), products: opens('/products') };
  if (!may.orders && !may.products) return null;
  const label = may.orders && may.products ? 'Find an order or a product' : may.orders ? 'Find an order' : 'Find a product';
  return (
    <form
      role="search"
      aria-label={label}
      className="admin-find"
      onSubmit={(ev) => {
        ev.preventDefault();
        const to = findPath(words, may);
        if (to) void navigate(to);
      }}
    >
      <input
        type="search"
        aria-label={label}
        placeholder={may.orders ? 'Order number, e-mail, phone or product' : 'Product name'}
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
      <button type="submit">Find</button>
    </form>
  );
}
