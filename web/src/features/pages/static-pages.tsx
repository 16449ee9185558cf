import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../app/breadcrumb';
import { ROUTES } from '../../config/routes';

function TextPage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <>
      <Breadcrumb title={title} />
      <section className="container page-section">
        <h1>{title}</h1>
        {children}
      </section>
    </>
  );
}

export const AboutPage = () => (
  <TextPage title="About Us">
    <p>Digitic sells laptops, headphones, tablets, watches, TVs and cameras, shipped across India.</p>
  </TextPage>
);
export const BestSellersPage = () => (
  <TextPage title="Best Sellers">
    <p>Best Sellers</p>
  </TextPage>
);
export const SupportPage = () => (
  <TextPage title="Support">
    <p>
      Support: <Link to={ROUTES.contact}>contact us</Link> and we will help.
    </p>
  </TextPage>
);
export const PrivacyPolicyPage = () => <TextPage title="Privacy Policy" />;
export const RefundPolicyPage = () => <TextPage title="Refund Policy" />;
export const ShippingPolicyPage = () => <TextPage title="Shipping Policy" />;
export const TermsPage = () => <TextPage title="Terms & Conditions" />;

const SAMPLE = [
  { title: 'Sample laptop', brand: 'Havells', type: 'Laptop', availability: 'In Stock', color: '#1f2937', size: '14 inch' },
  { title: 'Sample watch', brand: 'Havells', type: 'Watch', availability: 'In Stock', color: '#b91c1c', size: '44 mm' },
];

export function ComparePage() {
  return (
    <TextPage title="Compare Products">
      <div className="compare-grid">
        {SAMPLE.map((p) => (
          <article key={p.title} className="compare-card">
            <h2>{p.title}</h2>
            <dl>
              <dt>Brand</dt>
              <dd>{p.brand}</dd>
              <dt>Type</dt>
              <dd>{p.type}</dd>
              <dt>Availability</dt>
              <dd>{p.availability}</dd>
              <dt>Color</dt>
              <dd>
                <span className="swatch" style={{ background: p.color }} role="img" aria-label={p.color} />
              </dd>
              <dt>Size</dt>
              <dd>{p.size}</dd>
            </dl>
          </article>
        ))}
      </div>
    </TextPage>
  );
}
