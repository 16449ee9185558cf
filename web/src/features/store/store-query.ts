/**
 * The query parameters the store reads (store-filters.ts). The router hands them to the server
 * renderer, which drops any other parameter from the page's address and its cache key.
 */
export const STORE_QUERY = ['q', 'category', 'brand', 'tag', 'color', 'country', 'min', 'max', 'sort', 'grid', 'page'] as const;
