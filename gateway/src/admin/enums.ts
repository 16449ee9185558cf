import type { CouponRecord, EnquiryEventRecord, EnquiryQuery } from '@digitic/rest-contract';
import { isStaffRole, type StaffRole as ShopStaffRole } from '@digitic/shop-rules';
import type { AssigneeFilter, CouponKind, EnquiryEventKind, EnquiryFilter, StaffRole } from './__generated__/resolvers-types.js';

// The back office's enums and the api's words for them, both ways: the one place the staff side translates.
// The lifecycles' statuses (an order's, a return's, an enquiry's) and a refund's state are in lifecycle-words.ts.

import { SHOP_ENQUIRY_STATUS } from '../lifecycle-words.js';

export {
  ENQUIRY_STATUS,
  ORDER_STATUS,
  orderStatus,
  refundState,
  RETURN_STATUS,
  returnStatus,
  SHOP_ENQUIRY_STATUS,
  SHOP_ORDER_STATUS,
  SHOP_RETURN_STATUS,
} from '../lifecycle-words.js';

/** A filter whose api word is the enum's value in lower case (a status of coupons, reviews, posts, products; a payment; a term's kind). */
export const lower = <T extends string>(value: T): Lowercase<T> => value.toLowerCase() as Lowercase<T>;

export const ROLE: Record<ShopStaffRole, StaffRole> = {
  owner: 'OWNER',
  manager: 'MANAGER',
  fulfilment: 'FULFILMENT',
  support: 'SUPPORT',
  catalogue: 'CATALOGUE',
};
export const SHOP_ROLE = Object.fromEntries(Object.entries(ROLE).map(([k, v]) => [v, k])) as Record<StaffRole, ShopStaffRole>;

/** A staff member's role as the schema's enum; a role it does not know is a fault, not an answer. */
export function role(r: string): StaffRole {
  if (!isStaffRole(r)) throw new Error(`a staff member has a role the schema does not know: ${r}`);
  return ROLE[r];
}

/** Which enquiries a list holds, as the inbox's query names them. */
export const enquiryFilter = (s: EnquiryFilter): NonNullable<EnquiryQuery['status']> =>
  s === 'OPEN' ? 'open' : s === 'ALL' ? 'all' : s === 'HELD' ? 'held' : SHOP_ENQUIRY_STATUS[s];

export const assigneeFilter = (a: AssigneeFilter): 'me' | 'none' => (a === 'ME' ? 'me' : 'none');

export const enquiryEventKind = (k: EnquiryEventRecord['kind']): EnquiryEventKind => (k === 'note' ? 'NOTE' : 'REPLY');

export const couponKind = (k: CouponRecord['kind']): CouponKind => (k === 'percent' ? 'PERCENT' : 'FIXED');
export const shopCouponKind = (k: CouponKind): CouponRecord['kind'] => (k === 'PERCENT' ? 'percent' : 'fixed');
