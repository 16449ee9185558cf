import type { CouponBody, CouponEditBody, CouponListRecord, CouponQuery, CouponRecord } from '@digitic/rest-contract';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** The coupons desk (coupons:manage): coupons are switched off, never deleted. */
export class CouponsApi extends Desk<CouponQuery, CouponListRecord, CouponRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/coupons', 'Coupon');
  }

  create = (body: CouponBody) => this.add<CouponBody>(body);
  update = (id: string, version: number, body: CouponBody) => this.put<CouponEditBody>(id, { ...body, version });
}
