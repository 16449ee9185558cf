import { TextPage } from '../../components/text-page';
import './info.css';
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
