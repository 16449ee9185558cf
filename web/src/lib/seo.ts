import { ROUTES } from '../config/routes';
import { textOf } from './html-text';

// Structured data (schema.org JSON-LD) for the catalogue pages. Paths stay relative here: the
// server makes them absolute with the shop's public origin.

export function breadcrumbLd(title: string, path: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: ROUTES.home },
      { '@type': 'ListItem', position: 2, name: title, item: path },
    ],
  };
}

interface LdProduct {
  id: string;
  title: string;
  description: string;
  price: number;
  brand: string;
  category: string;
  inStock: boolean;
  rating: number;
  reviewCount: number;
  images: { url: string }[];
  countryOfOrigin?: { name: string } | null;
  manufacturer?: string | null;
}

export function productLd(p: LdProduct): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': ROUTES.product(p.id),
    name: p.title,
    description: summary(p.description, 300),
    image: p.images[0]?.url,
    sku: p.id,
    category: p.category,
    brand: { '@type': 'Brand', name: p.brand },
    offers: {
      '@type': 'Offer',
      url: ROUTES.product(p.id),
      price: p.price.toFixed(2),
      priceCurrency: 'INR',
      availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      // The price is the MRP, inclusive of all taxes (GST is inside it).
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: p.price.toFixed(2),
        priceCurrency: 'INR',
        valueAddedTaxIncluded: true,
      },
    },
    ...(p.countryOfOrigin ? { countryOfOrigin: { '@type': 'Country', name: p.countryOfOrigin.name } } : {}),
    ...(p.manufacturer ? { manufacturer: { '@type': 'Organization', name: p.manufacturer } } : {}),
    ...(p.reviewCount > 0
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.reviewCount, bestRating: 5, worstRating: 1 },
        }
      : {}),
  };
}

export function blogPostingLd(b: {
  id: string;
  title: string;
  description: string;
  createdAt: string;
  image?: { url: string } | null;
}): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': ROUTES.blog(b.id),
    url: ROUTES.blog(b.id),
    headline: b.title,
    description: summary(b.description, 200),
    datePublished: b.createdAt,
    ...(b.image?.url ? { image: b.image.url } : {}),
    author: { '@type': 'Organization', name: 'Digitic' },
  };
}

/** The plain text of catalogue HTML, cut at a word near `limit` for descriptions and previews. */
export function summary(html: string, limit = 160): string {
  const text = textOf(html);
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit - 20))}…`;
}
