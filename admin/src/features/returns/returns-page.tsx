import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import { Pager, useFilterParams } from '../../components/pager';
import type { ReturnStatus } from '../../__generated__/types';
import { DataTable } from '../../components/data-table';
import { problem, RETURN_LABEL, when } from '../../lib/format';
import { type ReturnsQuery, useReturnsQuery } from './__generated__/returns';

type Row = ReturnsQuery['returns']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('createdAt', { header: 'Asked', cell: (c) => <Link to={`/returns/${c.row.original.id}`}>{when(c.getValue())}</Link> }),
  column.accessor('orderId', { header: 'Order', cell: (c) => <Link to={`/orders/${c.getValue()}`}>{c.getValue().slice(0, 8)}</Link> }),
  column.accessor('email', { header: 'Customer' }),
  column.accessor('status', { header: 'Status', cell: (c) => RETURN_LABEL[c.getValue()] }),
  column.accessor('units', { header: 'Units' }),
  column.accessor('reason', { header: 'Reason' }),
];
const PAGE_SIZE = 25;

/** Returns to handle, newest first, by status (the filter lives in the address). */
export function ReturnsPage() {
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as ReturnStatus | null) ?? undefined;
  const { data, error, loading } = useReturnsQuery({ variables: { status, page, pageSize: PAGE_SIZE } });
  const total = data?.returns.total ?? 0;
  return (
    <section>
      <h1>Returns</h1>
      <label>
        Status
        <select value={status ?? ''} onChange={(e) => set('status', e.target.value || null)}>
          <option value="">Any</option>
          {Object.entries(RETURN_LABEL).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.returns.items ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading returns…' : `${total} return${total === 1 ? '' : 's'}`}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={(n) => set('page', String(n))} />
    </section>
  );
}
