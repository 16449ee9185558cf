import type { ProductSort } from './__generated__/store';
import { DEFAULT_GRID, GRID_SIZES, type GridSize, STORE_PAGE_SIZE } from '../../config/constants';
import { SEARCH_MAX } from '../../lib/search-spelling';

export const SORT_OPTIONS: { value: string; label: string; sort: ProductSort }[] = [
  { value: 'title', label: 'Alphabetically, A-Z', sort: 'TITLE_ASC' },
  { value: '-title', label: 'Alphabetically, Z-A', sort: 'TITLE_DESC' },
  { value: 'price', label: 'Price, low to high', sort: 'PRICE_ASC' },
  { value: '-price', label: 'Price, high to low', sort: 'PRICE_DESC' },
  { value: 'createdAt', label: 'Date, old to new', sort: 'OLDEST' },
  { value: '-createdAt', label: 'Date, new to old', sort: 'NEWEST' },
  { value: 'countryOfOrigin', label: 'Country of origin, A-Z', sort: 'COUNTRY_OF_ORIGIN_ASC' },
];

/** A search's own order (best matches first): offered, and the default, only on a search's results. */
export const BEST_MATCH = { value: 'relevance', label: 'Best match', sort: 'BEST_MATCH' as ProductSort };

/** The sort the store shows when the address names none. */
export const DEFAULT_SORT = '-createdAt';

/** The sort a page shows when the address names none: a search's best matches, else the newest. */
export const defaultSort = (q: string | null) => (q ? BEST_MATCH.value : DEFAULT_SORT);

/** The sorts a page offers: a search's results add Best match to the store's own. */
export const sortOptions = (q: string | null) => (q ? [BEST_MATCH, ...SORT_OPTIONS] : SORT_OPTIONS);

/** The StorePage query's variables for these filters (the page and its server-side data load alike). */
export function storeVariables(f: StoreFilters) {
  return {
    filter: {
      search: f.q,
      category: f.category,
      brand: f.brand,
      tag: f.tag,
      color: f.color,
      countryOfOrigin: f.country,
      minPrice: f.minPrice,
      maxPrice: f.maxPrice,
    },
    sort: sortOf(f.sort),
    page: f.page,
    pageSize: STORE_PAGE_SIZE,
    searching: f.q !== null,
  };
}

export interface StoreFilters {
  /** A search's words (the results page): null for the store. */
  q: string | null;
  category: string | null;
  brand: string | null;
  tag: string | null;
  /** A colour's id: products with units of it in stock. */
  color: string | null;
  /** A country of origin's code (ISO 3166-1): products made there. */
  country: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  sort: string;
  grid: GridSize;
  page: number;
}

const whole = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The store's state lives in the query string, so a filtered store can be shared and survives reload. */
export function readFilters(params: URLSearchParams): StoreFilters {
  const typed = params.get('q')?.trim().slice(0, SEARCH_MAX);
  const q = typed ? typed : null;
  const sort = params.get('sort') ?? defaultSort(q);
  const grid = Number(params.get('grid'));
  const color = params.get('color');
  const country = params.get('country');
  return {
    q,
    category: params.get('category'),
    brand: params.get('brand'),
    tag: params.get('tag'),
    color: color !== null && /^[0-9a-f-]{36}$/i.test(color) ? color : null,
    country: country !== null && /^[A-Z]{2}$/.test(country) ? country : null,
    minPrice: whole(params.get('min')),
    maxPrice: whole(params.get('max')),
    sort: sortOptions(q).some((o) => o.value === sort) ? sort : defaultSort(q),
    grid: (GRID_SIZES as readonly number[]).includes(grid) ? (grid as GridSize) : DEFAULT_GRID,
    page: Math.max(1, whole(params.get('page')) ?? 1),
  };
}

const KEYS: Record<keyof StoreFilters, string> = {
  q: 'q',
  category: 'category',
  brand: 'brand',
  tag: 'tag',
  color: 'color',
  country: 'country',
  minPrice: 'min',
  maxPrice: 'max',
  sort: 'sort',
  grid: 'grid',
  page: 'page',
};

/**
 * The store's own filters in the address but the price range and the page: what the price form carries as
 * hidden fields, so sending it before the app starts keeps them. Only the store's keys: anything else in
 * the address is no filter (and the server renders without it).
 */
export function keptByPriceForm(params: URLSearchParams): [string, string][] {
  const kept = new Set([KEYS.q, KEYS.category, KEYS.brand, KEYS.tag, KEYS.color, KEYS.country, KEYS.sort, KEYS.grid]);
  // In the address's one spelling (by name, as the server renders it): a page opened at `?category=…&brand=…`
  // hydrates over the page rendered for `?brand=…&category=…`.
  return [...params].filter(([k]) => kept.has(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What the address leaves out: the store's defaults (one spelling per page, see store-address.ts). */
const DEFAULTS: Partial<Record<keyof StoreFilters, string | number>> = { grid: DEFAULT_GRID, page: 1 };

/**
 * A change of any filter (not of the grid or page) goes back to the first page. A new search keeps no sort:
 * its best matches come first.
 */
export function withChange(params: URLSearchParams, change: Partial<StoreFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  if ('q' in change) next.delete(KEYS.sort);
  for (const [key, value] of Object.entries(change) as [keyof StoreFilters, string | number | null | undefined][]) {
    const omitted = key === 'sort' ? defaultSort(next.get(KEYS.q)) : DEFAULTS[key];
    if (value === null || value === undefined || value === '' || value === omitted) next.delete(KEYS[key]);
    else next.set(KEYS[key], String(value));
  }
  if (!('page' in change) && Object.keys(change).some((k) => k !== 'grid')) next.delete('page');
  return next;
}

export const sortOf = (value: string): ProductSort => [BEST_MATCH, ...SORT_OPTIONS].find((o) => o.value === value)?.sort ?? 'NEWEST';
