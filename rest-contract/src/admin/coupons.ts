import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// The coupons desk (/api/admin/coupons). The shopper's quote is ../coupons.ts.

/** A coupon as the desk shows it. Amounts are rupees; `value` is a percentage or rupees by `kind`. */
export interface CouponRecord {
  _id: string;
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  value: number;
  startsAt: string | null;
  expiresAt: string | null;
  /** The smallest subtotal (before shipping) it applies to. */
  minOrder: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  version: number;
  /** Uses spent by orders, and held by checkouts being paid (both count against the limits). */
  used: number;
  held: number;
  /** What the orders that used it were given off, rupees. */
  discountGiven: number;
  createdAt: string;
  updatedAt: string;
}

export interface CouponListRecord extends PageRecord {
  coupons: CouponRecord[];
}

/** GET /api/admin/coupons: part of the code, switched on or off (all when not given), a page. */
export interface CouponQuery extends PageQuery {
  q?: string;
  status?: 'active' | 'inactive' | 'all';
}

/** A coupon's fields as the desk api takes them (dates as ISO 8601 with an offset; null limits for none). */
export interface CouponBody {
  code: string;
  description?: string;
  kind: 'percent' | 'fixed';
  value: number;
  startsAt?: string | null;
  expiresAt?: string | null;
  minOrder?: number;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  active?: boolean;
}

/** PUT /api/admin/coupons/:id: the fields, with the version read. */
export type CouponEditBody = CouponBody & VersionBody;
