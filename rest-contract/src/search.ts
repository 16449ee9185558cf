import type { ProductRecord } from './catalogue.js';

/** GET /api/product/search: a shopper's search, as the results page and GraphQL clients get it. */
export interface SearchAnswerRecord {
  products: ProductRecord[];
  /** How many products match (at least this many when `totalExact` is false). */
  total: number;
  totalExact: boolean;
  /** True when a later page has products (a search ranks its best matches, so its pages end before its count). */
  hasMore: boolean;
  /** The words searched for (after any correction). */
  words: string[];
  /** The words to mark in titles: each word searched and its synonyms' words, each a word's beginning. */
  terms: string[];
  /** The catalogue's words searched instead of the words as typed, which found nothing; null when none were. */
  suggestion: string | null;
  /** True when the search was longer than was read (100 characters or 8 words). */
  capped: boolean;
  /** How many products have every word; when `widened`, the others after them have some. */
  allWords: number;
  widened: boolean;
  /**
   * For a search as typed (its first page, no other filter): hand it to POST /api/product/search/log when the
   * results are shown, so the shop's search log counts it. Null for a refinement, a later page or no words.
   */
  ticket: string | null;
}

export interface FacetCountRecord {
  value: string;
  count: number;
}

/** GET /api/product/facet-counts: how many of a list's or a search's products each value of a facet holds. */
export interface FacetCountsRecord {
  categories: FacetCountRecord[];
  brands: FacetCountRecord[];
  /** Countries of origin (ISO 3166-1 codes) of the matches that say theirs (an addition). */
  countries?: FacetCountRecord[];
  /** Rupees, [min, max): max null for the last band. Only bands holding a product. */
  priceBands: { min: number; max: number | null; count: number }[];
  /** Colours with units in stock among the matches, most products first. */
  colors: { _id: string; title: string; name: string | null; count: number }[];
}

/** POST /api/product/search/log: the logged search's id, for POST /api/product/search/opened. */
export interface SearchLoggedRecord {
  id: string;
}

/** A word shoppers type and the words or phrases it also means. */
export interface SearchSynonymRecord {
  word: string;
  also: string[];
  updatedAt: string;
}

/** PUT /api/admin/search/synonyms/:word */
export interface SearchSynonymBody {
  also: string[];
}

export interface SearchQueryRecord {
  query: string;
  /** Searches for it (in the no-result list: those that found nothing). */
  searches: number;
  noResults: number;
  /** Searches after which one of the results was opened. */
  opened: number;
  averageMs: number;
}

/** GET /api/admin/search/report?days=7|30|90 */
export interface SearchReportRecord {
  days: { day: string; searches: number; noResults: number }[];
  totals: { searches: number; noResults: number };
  top: SearchQueryRecord[];
  noResults: SearchQueryRecord[];
}
