import { PERMISSIONS, type Permission } from '@digitic/shop-rules/staff-permissions';
import { may, type Signed } from '../lib/authorization';

/** A desk in the navigation: where it is, its name (the page's title too), and the permissions that open it (any one; none: everyone). */
export interface Desk {
  to: string;
  label: string;
  needs: readonly Permission[];
}

/**
 * The back office's desks, grouped by the job they serve, each behind the permission the api asks for its data.
 * The navigation shows a person only the desks they may open, and a desk opened by its address without the
 * permission says so instead of showing a form.
 */
export const NAVIGATION: readonly { group: string; desks: readonly Desk[] }[] = [
  {
    group: 'Orders',
    desks: [
      { to: '/', label: 'Today', needs: ['orders:read', 'catalogue:read'] },
      { to: '/orders', label: 'Orders', needs: ['orders:read'] },
      { to: '/returns', label: 'Returns', needs: ['returns:manage'] },
      { to: '/coupons', label: 'Coupons', needs: ['coupons:manage'] },
    ],
  },
  {
    group: 'Catalogue',
    desks: [
      { to: '/products', label: 'Products', needs: ['catalogue:read'] },
      { to: '/catalogue-terms', label: 'Brands and colours', needs: ['catalogue:read'] },
      { to: '/reviews', label: 'Reviews', needs: ['reviews:moderate'] },
      { to: '/search', label: 'Search', needs: ['search:manage'] },
    ],
  },
  {
    group: 'Customers',
    desks: [
      { to: '/customers', label: 'Customers', needs: ['customers:read'] },
      { to: '/enquiries', label: 'Enquiries', needs: ['enquiries:manage'] },
      { to: '/complaints', label: 'Complaints', needs: ['enquiries:manage'] },
    ],
  },
  { group: 'Content', desks: [{ to: '/posts', label: 'Blog posts', needs: ['content:write'] }] },
  { group: 'Reports', desks: [{ to: '/reports', label: 'Reports', needs: ['reports:read'] }] },
  {
    group: 'Settings',
    desks: [
      { to: '/settings', label: 'Shop details', needs: ['settings:manage'] },
      { to: '/policies', label: 'Policies', needs: ['settings:manage'] },
      { to: '/staff', label: 'Staff', needs: ['staff:manage'] },
      { to: '/audit', label: 'Audit trail', needs: ['audit:read'] },
      { to: '/account', label: 'Your account', needs: [] },
    ],
  },
];

export const mayOpen = (me: Signed, desk: Desk) => desk.needs.length === 0 || desk.needs.some((p) => may(me, p));

/** The groups with the desks this person may open; a group with none is left out. */
export const navigationFor = (me: Signed) =>
  NAVIGATION.map((g) => ({ group: g.group, desks: g.desks.filter((d) => mayOpen(me, d)) })).filter((g) => g.desks.length > 0);

/** The desk an address belongs to: the longest `to` it starts with (/orders/12/packing-slip is Orders). */
export function deskOf(pathname: string): Desk | undefined {
  const all = NAVIGATION.flatMap((g) => g.desks);
  return all
    .filter((d) => (d.to === '/' ? pathname === '/' : pathname === d.to || pathname.startsWith(`${d.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/** Why a desk is closed to someone, in words: the permission it needs, as the declaration describes it. */
export const closedBecause = (desk: Desk) => desk.needs.map((p) => `“${PERMISSIONS[p]}”`).join(' or ');
