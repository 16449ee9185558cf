import type { ProductRecord } from './catalogue.js';

/** GET /api/product/search: a shopper's search, as the results page and GraphQL clients get it. */
export interface SearchAnswerRecord {
  products: ProductRecord[];
  /** How many products match (at least this many when `totalExact` is false). */
  total: number;
  totalExact: boolean;
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
}

export interface FacetCountRecord {
  value: string;
  count: number;
}

/** GET /api/product/facet-counts: how many of a list's or a search's products each value of a facet holds. */
export interface FacetCountsRecord {
  categories: FacetCountRecord[];
  brands: FacetCountRecord[];
  /** Rupees, [min, max): max null for the last band. Only bands holding a product. */
  priceBands: { min: number; max: number | null; count: number }[];
  /** Colours with units in stock among the matches, most products first. */
  colors: { _id: string; title: string; name: string | null; count: number }[];
}
