import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { CouponStatus } from '../../__generated__/types';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import { rupees } from '../../lib/format';
import type { CouponWholeFragment } from './__generated__/coupon-whole';
import { useCouponsQuery } from './__generated__/coupons';
import { couponOff, couponWindow } from './coupon-words';

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
const SHOWING = [
  ['ALL', 'All'],
  ['ACTIVE', 'On'],
  ['INACTIVE', 'Off'],
] as const;

/** The coupons: search by code; on, off or both; the filters live in the address. */
export function CouponsPage() {
  const list = useListParams();
  const status = list.choice<CouponStatus>('status', 'ALL');
  const query = useCouponsQuery({ variables: { status, ...list.paging, ...list.search }, fetchPolicy: 'cache-and-network' });
  return (
    <ListPage
      title="Coupons"
      add={{ to: '/coupons/new', text: 'Make a coupon' }}
      search="Code"
      filters={<FilterSelect filters={list} name="status" label="Showing" fallback="ALL" options={SHOWING} />}
      list={list}
      query={query}
      page={(d) => d.coupons}
      noun={['coupon', 'coupons']}
      columns={columns}
    />
  );
}
