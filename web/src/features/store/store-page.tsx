import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { StorePageDocument, type StorePageQuery, useStorePageQuery } from './__generated__/store';
import type { LoadPageData } from '../../lib/page-data';
import { Breadcrumb } from '../../components/breadcrumb';
import { useHead } from '../../lib/head';
import { GridIcon } from '../../components/icons';
import { ProductCard } from '../../components/product-card';
import { CardSkeletons, LoadError, Skeleton } from '../../components/query-state';
import { GRID_SIZES } from '../../config/constants';
import { ROUTES } from '../../config/routes';
import { isStoreAddress } from './store-address';
import { keptByPriceForm, readFilters, sortOptions, storeVariables, withChange } from './store-filters';
import { HydrateWhenVisible } from '../../components/hydrate-when-visible';
import { PriceFilter } from './price-filter';
import { FacetChips } from './facet-chips';
import { SearchFacets } from './search-facets';
import { SearchSummary } from './search-summary';
import { useSearchLog } from './use-search-log';
import './store.css';
/** The store's data for the server's one render (see lib/page-data.ts); an address the store does not link to is not cached. */
export const loadData: LoadPageData = async ({ client, search, madeUpAddress }) => {
  const result = await client.query<StorePageQuery>({ query: StorePageDocument, variables: storeVariables(readFilters(search)) });
  if (!isStoreAddress(search, result.data)) madeUpAddress();
  return result;
};

export function StorePage() {
  const [params, setParams] = useSearchParams();
  const f = readFilters(params);
  // From the address as it is now, not as this render read it: two changes in a row (From, then To) must
  // both count, though the page may not have rendered the first one yet (a navigation is a transition).
  const change = (c: Parameters<typeof withChange>[1]) => setParams(withChange(new URLSearchParams(window.location.search), c));
  const { data, previousData, loading, error, refetch } = useStorePageQuery({ variables: storeVariables(f) });
  const shown = data ?? previousData;
  const what = [f.brand, f.category ?? 'electronics'].filter(Boolean).join(' ');
  useHead({
    description: `Shop ${what}${f.tag ? ` tagged ${f.tag}` : ''} at Digitic: laptops, headphones, tablets, watches, TVs and cameras with prices in Rs.`,
    // A search's results are the shop's own answer to a shopper's words: shared, not indexed.
    ...(f.q ? { title: `Search: ${f.q}`, noindex: true } : {}),
  });
  const page = shown?.products;
  const facets = shown?.productFacets;
  // A search's facets say how many of its matches each value holds; the store's list its values alone.
  const counts = f.q ? page?.facetCounts : undefined;
  const counted = (list: readonly { value: string; count: number }[] | undefined, all: readonly string[]) =>
    list ? list.map((c) => ({ value: c.value, label: `${c.value} (${c.count})` })) : all.map((v) => ({ value: v, label: v }));
  const terms = f.q ? (page?.search?.matchedTerms ?? []) : [];
  const openedFromSearch = useSearchLog(f.q ? page?.search?.ticket : null);
  const pages = page ? Math.max(1, Math.ceil(page.totalCount / page.pageSize)) : 1;
  const count = page ? `${page.totalCount}${page.totalCountIsExact ? '' : '+'}` : null;
  // On a phone the filters open over the list, in a drawer that closes on its "n results" button.
  const [filtersOpen, setFiltersOpen] = useState(false);

  return (
    <>
      <Breadcrumb title="Our Store" />
      <div className="container store-layout">
        <aside className={`store-filters${filtersOpen ? ' open' : ''}`} aria-label="Filters" id="store-filters">
          <div className="drawer-bar">
            <h2>Filters</h2>
            <button type="button" className="link-button" onClick={() => setFiltersOpen(false)}>
              Close
            </button>
          </div>
          {/* The filters hydrate when seen (beside the list on a laptop, in the drawer once opened on a phone): the
              list the shopper came for hydrates first, in shorter tasks. */}
          <HydrateWhenVisible name="store-filters" contents>
            <section className="filter-card">
              <h2>Shop By Categories</h2>
              <ul>
                <li>
                  <Link to={ROUTES.store} className={!f.category ? 'active' : undefined}>
                    All
                  </Link>
                </li>
                {counted(counts?.categories, facets?.categories ?? []).map(({ value: c, label }) => (
                  <li key={c}>
                    <button
                      type="button"
                      className={`link-button${f.category === c ? ' active' : ''}`}
                      aria-pressed={f.category === c}
                      onClick={() => change({ category: f.category === c ? null : c })}
                    >
                      {label}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
            <section className="filter-card">
              <h2>Filter By</h2>
              <h3>Price</h3>
              <PriceFilter min={f.minPrice} max={f.maxPrice} keep={keptByPriceForm(params)} onApply={change} />
            </section>
            <SearchFacets counts={counts} f={f} onChange={change} />
            <FacetChips title="Product Tags" values={facets?.tags ?? []} chosen={f.tag} onChoose={(tag) => change({ tag })} />
            <FacetChips
              title="Product Brands"
              values={counted(counts?.brands, facets?.brands ?? [])}
              chosen={f.brand}
              onChoose={(brand) => change({ brand })}
            />
            {/* The Legal Metrology rules (6(10A), since 1 July 2026): the store filters by country of origin. */}
            <FacetChips
              title="Country of Origin"
              values={
                counts
                  ? counts.countries.map((c) => ({ value: c.country.code, label: `${c.country.name} (${c.count})` }))
                  : (facets?.countries ?? []).map((c) => ({ value: c.code, label: c.name }))
              }
              chosen={f.country}
              onChoose={(country) => change({ country })}
            />
            <button type="button" className="button drawer-results" onClick={() => setFiltersOpen(false)}>
              {count === null ? 'Show results' : `${count} results`}
            </button>
          </HydrateWhenVisible>
        </aside>
        <section className="store-main" aria-label="Products">
          {f.q && <SearchSummary q={f.q} understood={page?.search ?? undefined} count={count} categories={facets?.categories ?? []} />}
          <div className="filter-sort-grid">
            <button
              type="button"
              className="button filters-button"
              aria-expanded={filtersOpen}
              aria-controls="store-filters"
              onClick={() => setFiltersOpen(true)}
            >
              Filters
            </button>
            <label className="sort">
              Sort By:
              <select value={f.sort} onChange={(e) => change({ sort: e.target.value })}>
                {sortOptions(f.q).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <p className="total-products" aria-live="polite">
              {count !== null ? `${count} Products` : <Skeleton height={18} width={90} />}
            </p>
            <div className="grid-buttons" role="group" aria-label="Grid size">
              {GRID_SIZES.map((g) => (
                <button
                  key={g}
                  type="button"
                  aria-label={`${12 / g} per row`}
                  aria-pressed={f.grid === g}
                  className={f.grid === g ? 'active' : undefined}
                  onClick={() => change({ grid: g })}
                >
                  <GridIcon columns={12 / g} />
                </button>
              ))}
            </div>
          </div>
          {error ? (
            <LoadError error={error} onRetry={() => void refetch()} />
          ) : !page ? (
            <CardSkeletons count={6} columns={12 / f.grid} />
          ) : page.items.length === 0 ? (
            f.q ? null : (
              <p className="empty-state">No products match these filters.</p>
            )
          ) : (
            <div
              className={`product-grid grid-${f.grid}${loading ? ' refreshing' : ''}`}
              // While the list for a new filter loads, the one shown is the last one: busy, for those who cannot see it dim.
              aria-busy={loading || undefined}
              // A product opened from a search's results: the search log notes it (its links lead to /product/{id}).
              onClickCapture={f.q ? (e) => (e.target as Element).closest('a[href^="/product/"]') && openedFromSearch() : undefined}
            >
              {page.items.map((p, i) =>
                // The first cards show before any scrolling; the others hydrate as the shopper comes to them.
                i < 4 ? (
                  <ProductCard key={p.id} product={p} grid={f.grid} terms={terms} eager />
                ) : (
                  <HydrateWhenVisible key={p.id} name={`store-card-${p.id}`} contents>
                    <ProductCard product={p} grid={f.grid} terms={terms} />
                  </HydrateWhenVisible>
                ),
              )}
            </div>
          )}
          {page && pages > 1 && (
            <nav className="pagination" aria-label="Pages">
              <button type="button" disabled={f.page <= 1} onClick={() => change({ page: f.page - 1 })}>
                Previous
              </button>
              <span>
                Page {f.page} of {pages}
                {page.totalCountIsExact ? '' : '+'}
              </span>
              <button type="button" disabled={!page.hasNextPage} onClick={() => change({ page: f.page + 1 })}>
                Next
              </button>
            </nav>
          )}
        </section>
      </div>
    </>
  );
}
