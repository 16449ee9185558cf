import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { SearchForm } from '../../components/list-filters';
import { useFilterParams } from '../../components/pager';
import { phone, problem, when } from '../../lib/format';
import { type CustomersQuery, useCustomersQuery } from './__generated__/customers';

type Row = CustomersQuery['customers'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('email', { header: 'E-mail', cell: (c) => <Link to={`/customers/${c.row.original.id}`}>{c.getValue()}</Link> }),
  column.accessor('name', { header: 'Name' }),
  column.accessor((c) => c.mobile ?? c.deliveryPhone, {
    id: 'phone',
    header: 'Phone',
    cell: (c) => {
      const { mobile, deliveryPhone } = c.row.original;
      if (mobile) return phone(mobile);
      return deliveryPhone ? `${phone(deliveryPhone)} (given for delivery)` : '';
    },
  }),
  column.accessor('orders', { header: 'Orders' }),
  column.accessor('since', { header: 'Since', cell: (c) => when(c.getValue()) }),
];

/** Customers by e-mail or phone, read-only. */
export function CustomersPage() {
  const filters = useFilterParams();
  const search = filters.params.get('q') ?? '';
  const { data, error, loading } = useCustomersQuery({ variables: { search }, skip: search.length < 3 });
  return (
    <section>
      <h1>Customers</h1>
      <SearchForm filters={filters} label="E-mail (or its beginning) or phone" button="Look up" />
      {search.length > 0 && search.length < 3 && <p className="admin-error">Enter at least 3 characters</p>}
      {error && <p role="alert">{problem(error)}</p>}
      {search.length >= 3 && (
        <DataTable
          rows={data?.customers ?? []}
          columns={columns}
          caption={loading && !data ? 'Looking…' : `${data?.customers.length ?? 0} found`}
        />
      )}
    </section>
  );
}
