import { useId } from 'react';
import type { StorePageQuery } from './__generated__/store';
import type { StoreFilters } from './store-filters';
import { formatRupees } from '../../components/price';

type Counts = NonNullable<StorePageQuery['products']['facetCounts']>;

/** A price band in words, in rupees with Indian digit grouping: "Rs. 10,000 to Rs. 24,999", "Rs. 1,00,000 and over". */
export const bandLabel = (b: { min: number; max?: number | null }) =>
  b.max == null
    ? `${formatRupees(b.min)} and over`
    : b.min === 0
      ? `Under ${formatRupees(b.max + 1)}`
      : `${formatRupees(b.min)} to ${formatRupees(b.max)}`;

/**
 * A search's own filters, each value with how many of its matches it holds: price bands and colours in stock.
 * Pressing a chosen one again clears it.
 */
export function SearchFacets({
  counts,
  f,
  onChange,
}: {
  counts: Counts | undefined;
  f: StoreFilters;
  onChange: (change: Partial<StoreFilters>) => void;
}) {
  const id = useId();
  if (!counts) return null;
  return (
    <>
      {counts.priceBands.length > 0 && (
        <section className="filter-card" aria-labelledby={`${id}-prices`}>
          <h2 id={`${id}-prices`}>Price Bands</h2>
          <ul>
            {counts.priceBands.map((b) => {
              const chosen = f.minPrice === b.min && f.maxPrice === (b.max ?? null);
              return (
                <li key={b.min}>
                  <button
                    type="button"
                    className={`link-button${chosen ? ' active' : ''}`}
                    aria-pressed={chosen}
                    onClick={() => onChange(chosen ? { minPrice: null, maxPrice: null } : { minPrice: b.min, maxPrice: b.max ?? null })}
                  >
                    {bandLabel(b)} <span className="facet-count">({b.count})</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {counts.colors.length > 0 && (
        <section className="filter-card" aria-labelledby={`${id}-colours`}>
          <h2 id={`${id}-colours`}>Colours In Stock</h2>
          <div className="chips">
            {counts.colors.map((c) => {
              const chosen = f.color === c.color.id;
              return (
                <button
                  key={c.color.id}
                  type="button"
                  className={`chip colour-chip${chosen ? ' active' : ''}`}
                  aria-pressed={chosen}
                  onClick={() => onChange({ color: chosen ? null : c.color.id })}
                >
                  <span className="swatch" style={{ background: c.color.title }} aria-hidden="true" />
                  {c.name ?? c.color.title} <span className="facet-count">({c.count})</span>
                </button>
              );
            })}
          </div>
        </section>
      )}
    </>
  );
}
