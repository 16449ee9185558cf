import { orderNumber } from '@digitic/shop-rules/order-lifecycle';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { ReturnStatus } from '../../__generated__/types';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import { RETURN_LABEL, when } from '../../lib/format';
import { type ReturnsQuery, useReturnsQuery } from './__generated__/returns';

type Row = ReturnsQuery['returns']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('createdAt', { header: 'Asked', cell: (c) => <Link to={`/returns/${c.row.original.id}`}>{when(c.getValue())}</Link> }),
  column.accessor('orderId', { header: 'Order', cell: (c) => <Link to={`/orders/${c.getValue()}`}>{orderNumber(c.getValue())}</Link> }),
  column.accessor('email', { header: 'Customer' }),
  column.accessor('status', { header: 'Status', cell: (c) => RETURN_LABEL[c.getValue()] }),
  column.accessor('units', { header: 'Units' }),
  column.accessor('reason', { header: 'Reason' }),
];
const STATUSES = [['', 'Any'], ...Object.entries(RETURN_LABEL)] as const;

/** Returns to handle, newest first, by status (the filter lives in the address). */
export function ReturnsPage() {
  const list = useListParams();
  const status = list.choice<ReturnStatus | ''>('status', '') || undefined;
  const query = useReturnsQuery({ variables: { status, ...list.paging } });
  return (
    <ListPage
      title="Returns"
      filters={<FilterSelect filters={list} name="status" label="Status" options={STATUSES} />}
      list={list}
      query={query}
      page={(d) => d.returns}
      noun={['return', 'returns']}
      columns={columns}
    />
  );
}
