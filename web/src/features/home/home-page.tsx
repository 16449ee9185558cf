import { Link } from 'react-router-dom';
import { HomePageDocument, useHomePageQuery } from './__generated__/home';
import type { LoadPageData } from '../../lib/page-data';
import { ProductCard } from '../../components/product-card';
import { CardSkeletons, LoadError } from '../../components/query-state';
import { ROUTES } from '../../config/routes';
import { useHead } from '../../lib/head';
import { BlogCard } from '../../components/blog-card';
import { HydrateWhenVisible } from '../../components/hydrate-when-visible';
import art from 'virtual:storefront-art';
import './home.css';
const CATEGORY_PICTURES: Record<string, string> = {
  Laptops: 'laptop-silver-1',
  Headphones: 'headphones-black-2',
  Tablets: 'tablet-blue-3',
  Watches: 'watch-gold-1',
  TVs: 'tv-black-2',
  Cameras: 'camera-silver-3',
};

/** A picture's widths as a srcset (raster, made at build time: see web/build/storefront-art.ts). */
const srcSet = (name: string) =>
  Object.entries(art[name] ?? {})
    .map(([width, url]) => `${url} ${width}w`)
    .join(', ');

/** The home page's data for the server's one render (see lib/page-data.ts). */
export const loadData: LoadPageData = ({ client }) => client.query({ query: HomePageDocument });

export function HomePage() {
  const { data, error, refetch } = useHomePageQuery();
  useHead({ title: 'Digitic | Electronics for every day', path: ROUTES.home });
  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;

  // Below the fold on every screen but a tall one: each row hydrates when the shopper nears it.
  const row = (name: string, title: string, products: NonNullable<typeof data>['featured'] | undefined) => (
    <HydrateWhenVisible name={`home-${name}`}>
      <section className="container page-section" aria-label={title}>
        <h2>{title}</h2>
        {products ? (
          <div className="product-grid grid-3">
            {products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        ) : (
          <CardSkeletons count={4} columns={4} />
        )}
      </section>
    </HydrateWhenVisible>
  );

  return (
    <>
      <section className="hero">
        <div className="container hero-row">
          <div>
            <p className="hero-kicker">Supercharged for pros.</p>
            <h1>Laptops, phones and more, delivered across India.</h1>
            <p>Pay online or on EMI. Free returns within 14 days.</p>
            <Link to={ROUTES.store} className="button">
              Buy now
            </Link>
          </div>
          <img
            src={art['laptop-silver-1']?.[420]}
            srcSet={srcSet('laptop-silver-1')}
            sizes="(max-width: 700px) 34vw, 420px"
            alt=""
            width={420}
            height={420}
            fetchPriority="high"
          />
        </div>
      </section>
      <section className="container page-section" aria-label="Categories">
        <h2>Shop by category</h2>
        <ul className="category-tiles">
          {(data?.productFacets.categories ?? Object.keys(CATEGORY_PICTURES)).map((c) => (
            <li key={c}>
              <Link to={`${ROUTES.store}?category=${encodeURIComponent(c)}`}>
                <img
                  src={art[CATEGORY_PICTURES[c] ?? 'laptop-black-1']?.[96]}
                  srcSet={srcSet(CATEGORY_PICTURES[c] ?? 'laptop-black-1')}
                  sizes="96px"
                  alt=""
                  width={96}
                  height={96}
                />
                <span>{c}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {row('featured', 'Featured Collection', data?.featured)}
      {row('special', 'Special Products', data?.special)}
      {row('popular', 'Our Popular Products', data?.popularProducts)}
      <HydrateWhenVisible name="home-blogs">
        <section className="container page-section" aria-label="Our Latest Blogs">
          <h2>Our Latest Blogs</h2>
          <div className="blog-grid four">
            {(data?.blogs ?? []).slice(0, 4).map((b) => (
              <BlogCard key={b.id} blog={b} />
            ))}
          </div>
        </section>
      </HydrateWhenVisible>
    </>
  );
}
