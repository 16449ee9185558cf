import type { StorePageQuery } from './__generated__/store';
import { DEFAULT_GRID, GRID_SIZES } from '../../config/constants';
import { DEFAULT_SORT, SORT_OPTIONS } from './store-filters';
import { STORE_QUERY } from './store-query';

type Shown = Pick<StorePageQuery, 'products' | 'productFacets'>;

const SORTS = new Set(SORT_OPTIONS.map((o) => o.value).filter((v) => v !== DEFAULT_SORT));
const GRIDS = new Set(GRID_SIZES.filter((g) => g !== DEFAULT_GRID).map(String));

/**
 * Whether the store's address is one the store itself links to, as it writes it (withChange): filter
 * values that some product has (the facets just fetched), a sort and grid among its own and not the
 * default, a page number without a leading zero that has products, and no typed-in price. Only those
 * are the shop's own pages, few and known; any other address still shows, but is not one to cache.
 * A search's results page never is: anyone can ask for any words, and a cache of them would push the store's
 * own pages out (its data is cached all the same, by the GraphQL response cache, under the catalogue's tags).
 */
export function isStoreAddress(params: URLSearchParams, shown: Shown): boolean {
  if (STORE_QUERY.some((name) => params.getAll(name).length > 1)) return false;
  if (params.has('min') || params.has('max')) return false;
  const facet = (name: 'category' | 'brand' | 'tag' | 'country', known: readonly string[]) => {
    const value = params.get(name);
    return value === null || known.includes(value);
  };
  const { categories, brands, tags, countries } = shown.productFacets;
  if (!facet('category', categories) || !facet('brand', brands) || !facet('tag', tags)) return false;
  if (
    !facet(
      'country',
      countries.map((c) => c.code),
    )
  )
    return false;
  if (params.has('q') || params.has('color')) return false;
  const sort = params.get('sort');
  const grid = params.get('grid');
  if ((sort !== null && !SORTS.has(sort)) || (grid !== null && !GRIDS.has(grid))) return false;
  const page = params.get('page');
  return page === null || (/^[1-9]\d{0,5}$/.test(page) && page !== '1' && shown.products.items.length > 0);
}
