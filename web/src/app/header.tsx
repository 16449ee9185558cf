import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useHeaderCartQuery } from './__generated__/header';
import { useShopInfoQuery } from '../lib/__generated__/shop-info';
import { CartIcon, HeartIcon, MenuIcon, UserIcon } from '../components/icons';
import { MESSAGES } from '../config/messages';
import { ROUTES } from '../config/routes';
import { SearchBox } from '../features/search/search-box';
import { useSession } from '../lib/session';
import { signOutAndReload } from '../lib/storage';

export function Header() {
  const customer = useSession();
  const { data: shop } = useShopInfoQuery();
  const { data: cart } = useHeaderCartQuery({ skip: !customer });
  const info = shop?.shopInfo;
  // On a phone the menu and categories fold behind one button; a page change folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <header className="site-header">
      <div className="header-strip">
        <div className="container strip-row">
          <p>{info?.freeShippingNotice ?? ' '}</p>
          <p>
            Hotline: <a href={`tel:${info?.phone ?? ''}`}>{info?.phone ?? ' '}</a>
          </p>
        </div>
      </div>
      <div className="header-main">
        <div className="container header-row">
          <button
            type="button"
            className="menu-button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
          <Link to={ROUTES.home} className="brand">
            {info?.name ?? 'Digitic'}
          </Link>
          <SearchBox />
          <nav className="header-links" aria-label="Account">
            <Link to={ROUTES.wishlist} className="header-link">
              <HeartIcon />
              <span className="header-link-label">Favourite wishlist</span>
            </Link>
            <Link to={customer ? ROUTES.myProfile : ROUTES.login} className="header-link">
              <UserIcon />
              <span className="header-link-label">{customer ? `${MESSAGES.welcome} ${customer.firstname}` : MESSAGES.loginOrAccount}</span>
            </Link>
            <Link to={ROUTES.cart} className="header-link" aria-label={`Cart, ${cart?.cart.lineCount ?? 0} items`}>
              <CartIcon />
              <span className="badge" data-testid="cart-badge">
                {cart?.cart.lineCount ?? 0}
              </span>
            </Link>
          </nav>
        </div>
      </div>
      <div className={`header-menu${menuOpen ? ' open' : ''}`} id="site-menu">
        <div className="container menu-row">
          <details className="categories-dropdown">
            <summary>{MESSAGES.shopCategories}</summary>
            <ul>
              {(shop?.productFacets.categories ?? []).map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </details>
          <nav aria-label="Main" className="main-menu">
            <NavLink to={ROUTES.home} end>
              Home
            </NavLink>
            <NavLink to={ROUTES.store} end>
              New Arrival
            </NavLink>
            <NavLink to={ROUTES.myOrders}>My Orders</NavLink>
            <NavLink to={ROUTES.blogs}>Blogs</NavLink>
            <NavLink to={ROUTES.bestSellers}>Best Sellers</NavLink>
            <NavLink to={ROUTES.support}>Support</NavLink>
          </nav>
          {customer && (
            <button type="button" className="logout" onClick={signOutAndReload}>
              {MESSAGES.logout}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
