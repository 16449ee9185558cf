import { QUANTITY } from '@digitic/shop-rules/quantity';

// Spec §9.
export const CARD_TITLE_LIMIT = 80;
export const BLOG_EXCERPT_LIMIT = 70;
export const GRID_SIZES = [3, 4, 6, 12] as const;
export type GridSize = (typeof GRID_SIZES)[number];
export const DEFAULT_GRID: GridSize = 4;
export const STORE_PAGE_SIZE = 12;
export const SEARCH_PAGE_SIZE = 8;
// The cart's limit is a shop rule (api, gateway and web share it).
export const MAX_QUANTITY = QUANTITY.max;
export const TOAST_MS = 5000;
export const BLOG_CATEGORIES = ['Watch', 'Tv', 'Camera', 'Laptop'] as const;
export const OPENING_HOURS = 'Monday – Sunday 10 AM – 8 PM';
