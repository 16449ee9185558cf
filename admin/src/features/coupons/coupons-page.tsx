import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CouponStatus } from '../../__generated__/types';
import { DataTable } from '../../components/data-table';
import { Pager, useFilterParams } from '../../components/pager';
import { problem, rupees } from '../../lib/format';
import type { CouponWholeFragment } from '../coupon/__generated__/coupon-whole';
import { useCouponsQuery } from './__generated__/coupons';
import { couponOff, couponWindow } from '../coupon/coupon-words';

const column = createColumnHelper<CouponWholeFragment>();
const columns = [
  column.accessor('code', {
    header: 'Code',
    cell: (c) => (
      <Link to={`/coupons/${c.row.original.id}`}>
        {c.getValue()}
        {c.row.original.active ? '' : ' (off)'}
      </Link>
    ),
  }),
  column.display({ id: 'off', header: 'Takes off', cell: (c) => couponOff(c.row.original) }),
  column.display({ id: 'when', header: 'When', cell: (c) => couponWindow(c.row.original) }),
  column.accessor('minOrder', { header: 'Minimum order', cell: (c) => (c.getValue() > 0 ? rupees(c.getValue()) : 'None') }),
  column.display({
    id: 'uses',
    header: 'Used',
    cell: (c) => {
      const { used, held, usageLimit } = c.row.original;
      return `${used}${usageLimit !== null && usageLimit !== undefined ? ` of ${usageLimit}` : ''}${held > 0 ? ` (${held} being paid)` : ''}`;
    },
  }),
  column.accessor('discountGiven', { header: 'Given off', cell: (c) => rupees(c.getValue()) }),
];
const PAGE_SIZE = 25;

/** The coupons: search by code; on, off or both; the filters live in the address. */
export function CouponsPage() {
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as CouponStatus | null) ?? 'ALL';
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const { data, error, loading } = useCouponsQuery({
    variables: { status, page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
    fetchPolicy: 'cache-and-network',
  });
  const total = data?.coupons.total ?? 0;
  return (
    <section>
      <h1>Coupons</h1>
      <p>
        <Link to="/coupons/new">Make a coupon</Link>
      </p>
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
          <select value={status} onChange={(e) => set('status', e.target.value === 'ALL' ? null : e.target.value)}>
            <option value="ALL">All</option>
            <option value="ACTIVE">On</option>
            <option value="INACTIVE">Off</option>
          </select>
        </label>
        <label>
          Code
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.coupons.items ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading coupons…' : `${total} coupon${total === 1 ? '' : 's'}`}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={(n) => set('page', String(n))} />
    </section>
  );
}
