import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import type { CatalogueStatus } from '../../__generated__/types';
import { DataTable } from '../../components/data-table';
import { Pager, useFilterParams } from '../../components/pager';
import { may, type Signed } from '../../lib/authorization';
import { problem, rupees } from '../../lib/format';
import { type CatalogueProductsQuery, useCatalogueProductsQuery } from './__generated__/products';
import { BulkPanel } from './bulk-panel';

type Row = CatalogueProductsQuery['catalogueProducts']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('title', {
    header: 'Product',
    cell: (c) => (
      <Link to={`/products/${c.row.original.id}`}>
        {c.getValue()}
        {c.row.original.archivedAt ? ' (archived)' : ''}
      </Link>
    ),
  }),
  column.accessor('category', { header: 'Category' }),
  column.accessor('brand', { header: 'Brand' }),
  column.accessor('price', { header: 'Price', cell: (c) => rupees(c.getValue()) }),
  column.accessor('variants', {
    header: 'Stock by colour',
    cell: (c) =>
      c
        .getValue()
        .filter((v) => v.offered)
        .map((v) => `${v.color} ${v.stock}`)
        .join(', '),
  }),
];
const PAGE_SIZE = 25;

/** The catalogue desk's list: search by title, address or id; on sale, archived or both; the filters live in the address. */
export function ProductsPage() {
  const me = useOutletContext<Signed>();
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as CatalogueStatus | null) ?? 'ACTIVE';
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const filter = { status, ...(search ? { search } : {}) };
  const { data, error, loading, refetch } = useCatalogueProductsQuery({
    variables: { filter, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const total = data?.catalogueProducts.total ?? 0;
  return (
    <section>
      <h1>Products</h1>
      {may(me, 'catalogue:write') && (
        <p>
          <Link to="/products/new">Add a product</Link>
        </p>
      )}
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', typed.trim() || null);
        }}
      >
        <label>
          Showing
          <select value={status} onChange={(e) => set('status', e.target.value === 'ACTIVE' ? null : e.target.value)}>
            <option value="ACTIVE">On sale</option>
            <option value="ARCHIVED">Archived</option>
            <option value="ALL">All</option>
          </select>
        </label>
        <label>
          Title, address or id
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.catalogueProducts.items ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading products…' : `${total} product${total === 1 ? '' : 's'}`}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={(n) => set('page', String(n))} />
      {may(me, 'catalogue:write') && <BulkPanel filter={filter} onChanged={() => void refetch()} />}
    </section>
  );
}
