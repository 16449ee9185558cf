import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import type { OrderStatus, PaymentFilter } from '../../__generated__/types';
import { phone, rupees, STATUS_LABEL, when } from '../../lib/format';
import { type OrdersQuery, useOrdersQuery } from './__generated__/orders';

type Row = OrdersQuery['orders']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('id', { header: 'Order', cell: (c) => <Link to={`/orders/${c.getValue()}`}>{orderNumber(c.getValue())}</Link> }),
  column.accessor('createdAt', { header: 'Placed', cell: (c) => when(c.getValue()) }),
  column.accessor((r) => r.customer.name || r.customer.email, { id: 'customer', header: 'Customer' }),
  column.accessor('status', { header: 'Status', cell: (c) => STATUS_LABEL[c.getValue()] }),
  column.accessor('total', {
    header: 'Paid',
    cell: (c) => {
      const { couponCode, discount } = c.row.original;
      return couponCode ? `${rupees(c.getValue())} (coupon ${couponCode}, ${rupees(discount)} off)` : rupees(c.getValue());
    },
  }),
  column.accessor('deliveryPhone', {
    header: 'Courier phone',
    cell: (c) => {
      const given = c.getValue();
      return given ? phone(given) : <span className="admin-flag">None given</span>;
    },
  }),
];
const STATUSES = [['', 'Any'], ...Object.entries(STATUS_LABEL)] as const;
const PAYMENTS = [
  ['', 'Any'],
  ['NOT_REFUNDED', 'Paid, nothing refunded'],
  ['REFUND_IN_PROGRESS', 'Refund on its way'],
  ['REFUNDED', 'Refunded (some or all)'],
] as const;

/** The order desk's list: filter by status and dates, search by order number, e-mail or phone; the filters live in the address. */
export function OrdersPage() {
  const list = useListParams();
  const status = list.choice<OrderStatus | ''>('status', '');
  const payment = list.choice<PaymentFilter | ''>('payment', '');
  const from = list.choice('from', '');
  const to = list.choice('to', '');
  const query = useOrdersQuery({
    variables: {
      filter: {
        ...(status ? { status } : {}),
        ...(payment ? { payment } : {}),
        ...list.search,
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
      ...list.paging,
    },
  });
  return (
    <ListPage
      title="Orders"
      search="Order number, e-mail or phone"
      filters={
        <>
          <FilterSelect filters={list} name="status" label="Status" options={STATUSES} />
          <FilterSelect filters={list} name="payment" label="Payment" options={PAYMENTS} />
          <label>
            From
            <input type="date" value={from} onChange={(e) => list.set('from', e.target.value || null)} />
          </label>
          <label>
            To
            <input type="date" value={to} onChange={(e) => list.set('to', e.target.value || null)} />
          </label>
        </>
      }
      list={list}
      query={query}
      page={(d) => d.orders}
      noun={['order', 'orders']}
      columns={columns}
    />
  );
}
