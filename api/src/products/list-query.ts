import { originProblem } from '@digitic/shop-rules';
import { badRequest } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;

const SORT_COLUMNS = { title: 'title', price: 'price', createdAt: 'created_at', countryOfOrigin: 'country_of_origin' } as const;
export type SortKey = { column: (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS]; desc: boolean };

export interface ProductListQuery {
  brand?: string;
  category?: string;
  tags?: string;
  search?: string;
  /** A colour's id: only products with units of it in stock. */
  color?: string;
  /** A country's code (ISO 3166-1): only products made there (the Legal Metrology rules' filter). */
  countryOfOrigin?: string;
  price: { gte?: number; gt?: number; lte?: number; lt?: number };
  sort: SortKey[];
  page: number;
  limit: number;
}

const TEXT_KEYS = ['brand', 'category', 'tags', 'search'] as const;
const PRICE_KEYS = { 'price[gte]': 'gte', 'price[gt]': 'gt', 'price[lte]': 'lte', 'price[lt]': 'lt' } as const;
const KNOWN = new Set<string>([...TEXT_KEYS, ...Object.keys(PRICE_KEYS), 'color', 'countryOfOrigin', 'sort', 'page', 'limit']);
/**
 * A search is read up to this many characters, and its first 100 searched (search-query.ts says it was cut);
 * past this, it is no search a person typed.
 */
export const SEARCH_MAX_LENGTH = 1000;

function plain(key: string, value: unknown): string {
  if (typeof value !== 'string') throw badRequest(`Query parameter "${key}" must be given once, as a plain value`, key);
  return value;
}

function wholeNumber(key: string, raw: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(raw.trim())) throw badRequest(`Query parameter "${key}" must be a whole number`, key);
  const n = Number(raw);
  if (n < min || n > max) throw badRequest(`Query parameter "${key}" must be between ${min} and ${max}`, key);
  return n;
}

/**
 * The store's filters, read strictly: only known keys, each a plain value. The query string is
 * parsed flat (Express 5 "simple" parser), so `brand[$ne]=x` arrives as an unknown key and is refused.
 */
/** `of`: the store's list (GET /api/product, its search at most 100 characters), or a search (GET /api/product/search). */
export function parseProductListQuery(query: Record<string, unknown>, of: 'store' | 'search' = 'store'): ProductListQuery {
  const out: ProductListQuery = { price: {}, sort: [], page: 1, limit: DEFAULT_LIMIT };
  for (const [key, value] of Object.entries(query)) {
    if (!KNOWN.has(key)) throw badRequest(`Unknown query parameter "${key}"`, key);
    const raw = plain(key, value);
    if ((TEXT_KEYS as readonly string[]).includes(key)) {
      const text = raw.trim();
      const most = key === 'search' && of === 'search' ? SEARCH_MAX_LENGTH : 100;
      if (text.length > most) throw badRequest(`Query parameter "${key}" is too long: at most ${most} characters`, key);
      if (text) out[key as (typeof TEXT_KEYS)[number]] = text;
    } else if (key in PRICE_KEYS) {
      if (raw.trim() === '') continue;
      out.price[PRICE_KEYS[key as keyof typeof PRICE_KEYS]] = wholeNumber(key, raw, 0, 100_000_000);
    } else if (key === 'color') {
      if (raw.trim() === '') continue;
      if (!isUuid(raw.trim())) throw badRequest('Query parameter "color" must be a colour\'s id', key);
      out.color = raw.trim().toLowerCase();
    } else if (key === 'countryOfOrigin') {
      if (raw.trim() === '') continue;
      const problem = originProblem(raw.trim());
      if (problem) throw badRequest(`Query parameter "countryOfOrigin": ${problem}`, key);
      out.countryOfOrigin = raw.trim().toUpperCase();
    } else if (key === 'page') {
      out.page = wholeNumber(key, raw, 1, 100_000);
    } else if (key === 'limit') {
      out.limit = wholeNumber(key, raw, 1, MAX_LIMIT);
    } else if (key === 'sort') {
      out.sort = parseSort(raw);
    }
  }
  return out;
}

function parseSort(raw: string): SortKey[] {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > 3) throw badRequest('Query parameter "sort" takes at most 3 keys', 'sort');
  return parts.map((part) => {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    const column = SORT_COLUMNS[name as keyof typeof SORT_COLUMNS];
    if (!column)
      throw badRequest(
        `Query parameter "sort" must be one of title, price, createdAt, countryOfOrigin (with an optional "-"), got "${part}"`,
        'sort',
      );
    return { column, desc };
  });
}
