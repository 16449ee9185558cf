import type { StorePageQuery } from './__generated__/store';
import { DEFAULT_GRID, GRID_SIZES } from '../../config/constants';
import { defaultSort, sortOptions } from './store-filters';
import { searchSpelling } from '../../lib/search-spelling';
import { STORE_QUERY } from './store-query';

type Shown = Pick<StorePageQuery, 'products' | 'productFacets'>;

const GRIDS = new Set(GRID_SIZES.filter((g) => g !== DEFAULT_GRID).map(String));

/** The longest search whose results page is kept in the cache (longer ones still show, freshly made). */
const CACHED_SEARCH_MAX = 100;

/**
 * Whether the store's address is one the store itself links to, as it writes it (withChange): filter
 * values that some product has (the facets just fetched), a sort and grid among its own and not the
 * default, a page number without a leading zero that has products, and no typed-in price. Only those
 * are the shop's own pages, few and known; any other address still shows, but is not one to cache.
 * A search's results page is one too when its words are in their one spelling (searchSpelling) and short,
 * with a colour among those its matches have in stock.
 */
export function isStoreAddress(params: URLSearchParams, shown: Shown): boolean {
  if (STORE_QUERY.some((name) => params.getAll(name).length > 1)) return false;
  if (params.has('min') || params.has('max')) return false;
  const facet = (name: 'category' | 'brand' | 'tag' | 'color', known: readonly string[]) => {
    const value = params.get(name);
    return value === null || known.includes(value);
  };
  const { categories, brands, tags } = shown.productFacets;
  if (!facet('category', categories) || !facet('brand', brands) || !facet('tag', tags)) return false;
  const q = params.get('q');
  if (q !== null && (q !== searchSpelling(q) || q.length === 0 || q.length > CACHED_SEARCH_MAX)) return false;
  const colours = shown.products.facetCounts?.colors.map((c) => c.color.id) ?? [];
  if (!facet('color', colours)) return false;
  const sort = params.get('sort');
  const SORTS = new Set(
    sortOptions(q)
      .map((o) => o.value)
      .filter((v) => v !== defaultSort(q)),
  );
  const grid = params.get('grid');
  if ((sort !== null && !SORTS.has(sort)) || (grid !== null && !GRIDS.has(grid))) return false;
  const page = params.get('page');
  return page === null || (/^[1-9]\d{0,5}$/.test(page) && page !== '1' && shown.products.items.length > 0);
}
