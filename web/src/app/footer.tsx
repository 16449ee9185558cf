import { Link } from 'react-router-dom';
import { useShopInfoQuery } from '../lib/__generated__/shop-info';
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from '../components/icons';
import { MESSAGES } from '../config/messages';
import { ROUTES } from '../config/routes';
import { DEFAULT_SHOP_TIME_ZONE, wallClock } from '../lib/format-date';

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
            <a href="#facebook" aria-label="Facebook">
              <FacebookIcon />
            </a>
            <a href="#instagram" aria-label="Instagram">
              <InstagramIcon />
            </a>
            <a href="#linkedin" aria-label="LinkedIn">
              <LinkedinIcon />
            </a>
            <a href="#youtube" aria-label="YouTube">
              <YoutubeIcon />
            </a>
          </div>
        </section>
        <section>
          <h3>Information</h3>
          <ul>
            <li>
              <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={ROUTES.refundPolicy}>Refund Policy</Link>
            </li>
            <li>
              <Link to={ROUTES.shippingPolicy}>Shipping Policy</Link>
            </li>
            <li>
              <Link to={ROUTES.terms}>Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to={ROUTES.blogs}>Blogs</Link>
            </li>
          </ul>
        </section>
        <section>
          <h3>Account</h3>
          <ul>
            <li>
              <Link to={ROUTES.about}>About Us</Link>
            </li>
            <li>
              <Link to={ROUTES.support}>Faq</Link>
            </li>
            <li>
              <Link to={ROUTES.contact}>Contact</Link>
            </li>
          </ul>
        </section>
        <section>
          <h3>Quick Links</h3>
          <ul>
            <li>
              <Link to={`${ROUTES.store}?category=Laptops`}>Laptops</Link>
            </li>
            <li>
              <Link to={`${ROUTES.store}?category=Headphones`}>Headphones</Link>
            </li>
            <li>
              <Link to={`${ROUTES.store}?category=Tablets`}>Tablets</Link>
            </li>
            <li>
              <Link to={`${ROUTES.store}?category=Watches`}>Watch</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <p className="container">
          &copy; {wallClock(new Date(), info?.timeZone ?? DEFAULT_SHOP_TIME_ZONE).year}; Powered by {info?.name ?? 'Digitic'}
        </p>
      </div>
    </footer>
  );
}
