import type { ReviewRecord } from './reviews.js';

// The storefront's catalogue: products with their colours and pictures, the facets, and the change log
// whoever caches the catalogue follows.

export interface ImageRecord {
  url: string;
  /** An uploaded photo (url /api/photos/{id}): its size, and the widths made of it, each at /api/photos/{id}/{width}.{avif|webp|jpg}. */
  width?: number;
  height?: number;
  widths?: number[];
  /** What the picture shows, in the shop's words (alt text); absent when the shop gave none. */
  alt?: string;
}

export interface ColorRecord {
  _id: string;
  title: string;
}

/** A colour a product is offered in, with that colour's own stock (0: sold out in it). */
export interface ProductColorRecord extends ColorRecord {
  quantity: number;
}

export interface ProductRecord {
  _id: string;
  title: string;
  slug: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  /** Units in stock in all the colours offered. */
  quantity: number;
  images: ImageRecord[];
  color: ProductColorRecord[];
  tags: string[];
  ratings: ReviewRecord[];
  totalrating: number;
  ratingCount?: number;
  /** Its HSN code (null while not given) and GST rate, percent (an addition: prices include it). */
  hsnCode?: string | null;
  gstRate?: number;
  /**
   * What the Legal Metrology rules ask a listing to say (additions): the country of origin (ISO 3166-1 alpha-2),
   * who made it and, for goods made abroad, who imported it (each a name and an address); null while not given.
   */
  countryOfOrigin?: string | null;
  manufacturer?: string | null;
  importer?: string | null;
  createdAt: string;
}

export interface FacetsRecord {
  categories: string[];
  brands: string[];
  tags: string[];
  colors: ColorRecord[];
  /** Countries of origin (ISO 3166-1 codes) of the products in the store (an addition). */
  countries?: string[];
}

/**
 * What a change to the catalogue touched: `product:<id>` (anything shown of that product), `products`
 * (which products a list, a search, the facets or the sitemap hold, or their order), `blog:<id>`, `blogs`.
 */
export type CatalogueTag = `product:${string}` | 'products' | `blog:${string}` | 'blogs' | 'settings' | 'policies';

/**
 * The header of the api's answer to a request that recorded a change in the log: the change's `seq` (the last one,
 * if it recorded several). A gateway waits for its next read of the log after a mutation only when one of the
 * mutation's calls answered with it, and not at all when it has already read that far.
 */
export type CatalogueChangeHeader = 'catalogue-change';

/** GET /api/catalogue/changes?after=N: the changes after N, oldest first. */
export interface CatalogueChangesRecord {
  /** The last change there is: the next call's `after`. */
  latest: number;
  changes: { seq: number; tags: CatalogueTag[] }[];
  /** False when more changes follow than one answer holds: ask again after `latest`. */
  complete: boolean;
  /** False when changes after N are no longer kept (N is older than the log): whoever caches the catalogue drops all of it. */
  reachesBack: boolean;
}
