import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../components/data-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager, useFilterParams } from '../../components/pager';
import type { OrderStatus, PaymentFilter } from '../../__generated__/types';
import { problem, rupees, STATUS_LABEL, when } from '../../lib/format';
import { type OrdersQuery, useOrdersQuery } from './__generated__/orders';

type Row = OrdersQuery['orders']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('id', { header: 'Order', cell: (c) => <Link to={`/orders/${c.getValue()}`}>{c.getValue().slice(0, 8)}</Link> }),
  column.accessor('createdAt', { header: 'Placed', cell: (c) => when(c.getValue()) }),
  column.accessor((r) => r.customer.name || r.customer.email, { id: 'customer', header: 'Customer' }),
  column.accessor('status', { header: 'Status', cell: (c) => STATUS_LABEL[c.getValue()] }),
  column.accessor('total', { header: 'Total', cell: (c) => rupees(c.getValue()) }),
];
const PAGE_SIZE = 25;

/** The order desk's list: filter by status and dates, search by order number, e-mail or phone; the filters live in the address. */
export function OrdersPage() {
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as OrderStatus | null) ?? undefined;
  const payment = (params.get('payment') as PaymentFilter | null) ?? undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const { data, error, loading } = useOrdersQuery({
    variables: {
      filter: {
        ...(status ? { status } : {}),
        ...(payment ? { payment } : {}),
        ...(search ? { search } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
      page,
      pageSize: PAGE_SIZE,
    },
  });
  const total = data?.orders.total ?? 0;
  return (
    <section>
      <h1>Orders</h1>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', typed.trim() || null);
        }}
      >
        <label>
          Status
          <select value={status ?? ''} onChange={(e) => set('status', e.target.value || null)}>
            <option value="">Any</option>
            {Object.entries(STATUS_LABEL).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Payment
          <select value={payment ?? ''} onChange={(e) => set('payment', e.target.value || null)}>
            <option value="">Any</option>
            <option value="NOT_REFUNDED">Paid, nothing refunded</option>
            <option value="REFUND_IN_PROGRESS">Refund on its way</option>
            <option value="REFUNDED">Refunded (some or all)</option>
          </select>
        </label>
        <label>
          From
          <input type="date" value={from} onChange={(e) => set('from', e.target.value || null)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(e) => set('to', e.target.value || null)} />
        </label>
        <label>
          Order number, e-mail or phone
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.orders.items ?? []}
        columns={columns}
        caption={
          loading && !data
            ? 'Loading orders…'
            : data?.orders.totalExact === false
              ? `${total.toLocaleString('en-IN')} or more orders`
              : `${total} order${total === 1 ? '' : 's'}`
        }
      />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        more={data?.orders.totalExact === false && data.orders.items.length === PAGE_SIZE}
        onPage={(n) => set('page', String(n))}
      />
    </section>
  );
}
