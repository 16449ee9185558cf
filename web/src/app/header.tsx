import { Link, NavLink } from 'react-router-dom';
import { useHeaderCartQuery, useShopInfoQuery } from '../__generated__/graphql';
import { CartIcon, HeartIcon, UserIcon } from '../components/icons';
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
          <Link to={ROUTES.home} className="brand">
            {info?.name ?? 'Digitic'}
          </Link>
          <SearchBox />
          <nav className="header-links" aria-label="Account">
            <Link to={ROUTES.wishlist} className="header-link">
              <HeartIcon />
              <span>Favourite wishlist</span>
            </Link>
            <Link to={customer ? ROUTES.myProfile : ROUTES.login} className="header-link">
              <UserIcon />
              <span>{customer ? `${MESSAGES.welcome} ${customer.firstname}` : MESSAGES.loginOrAccount}</span>
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
      <div className="header-menu">
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
