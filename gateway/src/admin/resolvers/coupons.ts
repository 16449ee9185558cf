import type { CouponBody } from '@digitic/rest-contract';
import type { CouponInput, Resolvers } from '../__generated__/resolvers-types.js';
import { couponKind, shopCouponKind } from '../enums.js';
import { byStatus, orNull } from './support.js';

function couponBody(input: CouponInput): CouponBody {
  return {
    code: input.code,
    description: input.description ?? '',
    kind: shopCouponKind(input.kind),
    value: input.value,
    startsAt: input.startsAt ?? null,
    expiresAt: input.expiresAt ?? null,
    minOrder: input.minOrder ?? 0,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    active: input.active ?? true,
  };
}

/** The coupons desk. */
export const coupons: Resolvers = {
  Query: {
    coupons: (_root, args, { api }) => api.coupons.list(byStatus(args)),
    coupon: (_root, { id }, { api }) => orNull(api.coupons.get(id)),
  },
  Mutation: {
    createCoupon: (_root, { input }, { api }) => api.coupons.create(couponBody(input)),
    updateCoupon: (_root, { id, version, input }, { api }) => api.coupons.update(id, version, couponBody(input)),
  },
  CouponList: { items: (list) => list.coupons },
  Coupon: { id: (c) => c._id, kind: (c) => couponKind(c.kind) },
};
