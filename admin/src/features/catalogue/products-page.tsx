import { createColumnHelper } from '@tanstack/react-table';
import { Link, useOutletContext } from 'react-router-dom';
import type { CatalogueStatus } from '../../__generated__/types';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import { may, type Signed } from '../../lib/authorization';
import { rupees } from '../../lib/format';
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
const SHOWING = [
  ['ACTIVE', 'On sale'],
  ['ARCHIVED', 'Archived'],
  ['ALL', 'All'],
] as const;

/** The catalogue desk's list: search by title, address or id; on sale, archived or both; the filters live in the address. */
export function ProductsPage() {
  const me = useOutletContext<Signed>();
  const list = useListParams();
  const filter = { status: list.choice<CatalogueStatus>('status', 'ACTIVE'), ...list.search };
  const query = useCatalogueProductsQuery({ variables: { filter, ...list.paging }, fetchPolicy: 'cache-and-network' });
  const editable = may(me, 'catalogue:write');
  return (
    <ListPage
      title="Products"
      add={editable && { to: '/products/new', text: 'Add a product' }}
      search="Title, address or id"
      filters={<FilterSelect filters={list} name="status" label="Showing" fallback="ACTIVE" options={SHOWING} />}
      list={list}
      query={query}
      page={(d) => d.catalogueProducts}
      noun={['product', 'products']}
      columns={columns}
    >
      {editable && <BulkPanel filter={filter} onChanged={() => void query.refetch()} />}
    </ListPage>
  );
}
