import { Link } from 'react-router-dom';
import { useShopInfoQuery } from '../lib/__generated__/shop-info';
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from '../components/icons';
import { MESSAGES } from '../config/messages';
import { ROUTES } from '../config/routes';
import { DEFAULT_SHOP_TIME_ZONE, wallClock } from '../lib/format-date';
import { SellerDetails } from '../components/seller-details';

const SOCIAL = [
  ['#facebook', 'Facebook', FacebookIcon],
  ['#instagram', 'Instagram', InstagramIcon],
  ['#linkedin', 'LinkedIn', LinkedinIcon],
  ['#youtube', 'YouTube', YoutubeIcon],
] as const;

/** The footer's columns of links, each link as [address, text]. */
const LINK_COLUMNS: { title: string; links: [string, string][] }[] = [
  {
    title: 'Information',
    links: [
      [ROUTES.privacyPolicy, 'Privacy Policy'],
      [ROUTES.refundPolicy, 'Refund Policy'],
      [ROUTES.shippingPolicy, 'Shipping Policy'],
      [ROUTES.terms, 'Terms & Conditions'],
      [ROUTES.blogs, 'Blogs'],
    ],
  },
  {
    title: 'Account',
    links: [
      [ROUTES.about, 'About Us'],
      [ROUTES.support, 'Faq'],
      [ROUTES.contact, 'Contact'],
    ],
  },
  {
    title: 'Quick Links',
    links: [
      [`${ROUTES.store}?category=Laptops`, 'Laptops'],
      [`${ROUTES.store}?category=Headphones`, 'Headphones'],
      [`${ROUTES.store}?category=Tablets`, 'Tablets'],
      [`${ROUTES.store}?category=Watches`, 'Watch'],
    ],
  },
];

export function Footer() {
  const { data } = useShopInfoQuery();
  const info = data?.shopInfo;
  return (
    <footer className="site-footer">
      <div className="footer-newsletter">
        <div className="container newsletter-row">
          <h2>Sign Up for Newsletter</h2>
          <form className="newsletter-form" onSubmit={(e) => e.preventDefault()} aria-label="Newsletter">
            <input type="email" placeholder={MESSAGES.newsletterPlaceholder} aria-label={MESSAGES.newsletterPlaceholder} />
            <button type="submit" className="button">
              {MESSAGES.subscribe}
            </button>
          </form>
        </div>
      </div>
      <div className="container footer-columns">
        <section>
          <h3>Contact Us</h3>
          <address>
            {info?.address}
            <br />
            <a href={`tel:${info?.phone ?? ''}`}>{info?.phone}</a>
            <br />
            <a href={`mailto:${info?.email ?? ''}`}>{info?.email}</a>
          </address>
          <div className="social" aria-label="Social media">
            {SOCIAL.map(([href, label, Icon]) => (
              <a key={href} href={href} aria-label={label}>
                <Icon />
              </a>
            ))}
          </div>
        </section>
        {LINK_COLUMNS.map(({ title, links }) => (
          <section key={title}>
            <h3>{title}</h3>
            <ul>
              {links.map(([to, text]) => (
                <li key={to}>
                  <Link to={to}>{text}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="container">
        <SellerDetails info={info} />
      </div>
      <div className="footer-bottom">
        <p className="container">
          &copy; {wallClock(new Date(), info?.timeZone ?? DEFAULT_SHOP_TIME_ZONE).year}; Powered by {info?.name ?? 'Digitic'}
        </p>
      </div>
    </footer>
  );
}
