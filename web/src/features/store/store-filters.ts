import type { ProductSort } from './__generated__/store';
import { DEFAULT_GRID, GRID_SIZES, type GridSize, STORE_PAGE_SIZE } from '../../config/constants';

export const SORT_OPTIONS: { value: string; label: string; sort: ProductSort }[] = [
  { value: 'title', label: 'Alphabetically, A-Z', sort: 'TITLE_ASC' },
  { value: '-title', label: 'Alphabetically, Z-A', sort: 'TITLE_DESC' },
  { value: 'price', label: 'Price, low to high', sort: 'PRICE_ASC' },
  { value: '-price', label: 'Price, high to low', sort: 'PRICE_DESC' },
  { value: 'createdAt', label: 'Date, old to new', sort: 'OLDEST' },
  { value: '-createdAt', label: 'Date, new to old', sort: 'NEWEST' },
];

/** The sort the store shows when the address names none. */
export const DEFAULT_SORT = '-createdAt';

/** The StorePage query's variables for these filters (the page and its server-side data load alike). */
export function storeVariables(f: StoreFilters) {
  return {
    filter: { category: f.category, brand: f.brand, tag: f.tag, minPrice: f.minPrice, maxPrice: f.maxPrice },
    sort: sortOf(f.sort),
    page: f.page,
    pageSize: STORE_PAGE_SIZE,
  };
}

export interface StoreFilters {
  category: string | null;
  brand: string | null;
  tag: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  sort: string;
  grid: GridSize;
  page: number;
}

const whole = (v: string | null) => (v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The store's state lives in the query string, so a filtered store can be shared and survives reload. */
export function readFilters(params: URLSearchParams): StoreFilters {
  const sort = params.get('sort') ?? DEFAULT_SORT;
  const grid = Number(params.get('grid'));
  return {
    category: params.get('category'),
    brand: params.get('brand'),
    tag: params.get('tag'),
    minPrice: whole(params.get('min')),
    maxPrice: whole(params.get('max')),
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? sort : DEFAULT_SORT,
    grid: (GRID_SIZES as readonly number[]).includes(grid) ? (grid as GridSize) : DEFAULT_GRID,
    page: Math.max(1, whole(params.get('page')) ?? 1),
  };
}

const KEYS: Record<keyof StoreFilters, string> = {
  category: 'category',
  brand: 'brand',
  tag: 'tag',
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
  const kept = new Set([KEYS.category, KEYS.brand, KEYS.tag, KEYS.sort, KEYS.grid]);
  return [...params].filter(([k]) => kept.has(k));
}

/** What the address leaves out: the store's defaults (one spelling per page, see store-address.ts). */
const DEFAULTS: Partial<Record<keyof StoreFilters, string | number>> = { sort: DEFAULT_SORT, grid: DEFAULT_GRID, page: 1 };

/** A change of any filter (not of the grid or page) goes back to the first page. */
export function withChange(params: URLSearchParams, change: Partial<StoreFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change) as [keyof StoreFilters, string | number | null | undefined][]) {
    if (value === null || value === undefined || value === '' || value === DEFAULTS[key]) next.delete(KEYS[key]);
    else next.set(KEYS[key], String(value));
  }
  if (!('page' in change) && Object.keys(change).some((k) => k !== 'grid')) next.delete('page');
  return next;
}

export const sortOf = (value: string): ProductSort => SORT_OPTIONS.find((o) => o.value === value)?.sort ?? 'NEWEST';
