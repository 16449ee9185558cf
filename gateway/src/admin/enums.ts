import type { CouponRecord, EnquiryEventRecord, EnquiryQuery, EnquiryStatusName } from '@digitic/rest-contract';
import { isStaffRole, type StaffRole as ShopStaffRole } from '@digitic/shop-rules';
import type { AssigneeFilter, CouponKind, EnquiryEventKind, EnquiryFilter, StaffRole } from './__generated__/resolvers-types.js';

// The back office's enums and the api's words for them, both ways: the one place the staff side translates.
// An order's and a return's statuses and a refund's state are shared with the storefront's schema (lifecycle-words.ts).

export {
  ORDER_STATUS,
  orderStatus,
  refundState,
  RETURN_STATUS,
  returnStatus,
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

/** The inbox's statuses in the schema's words, and back. */
export const SHOP_ENQUIRY_STATUS = {
  SUBMITTED: 'Submitted',
  CONTACTED: 'Contacted',
  IN_PROGRESS: 'In Progress',
  RESOLVED: 'Resolved',
} as const satisfies Record<string, EnquiryStatusName>;
export const ENQUIRY_STATUS_ENUM = Object.fromEntries(Object.entries(SHOP_ENQUIRY_STATUS).map(([k, v]) => [v, k])) as Record<
  EnquiryStatusName,
  keyof typeof SHOP_ENQUIRY_STATUS
>;

/** Which enquiries a list holds, as the inbox's query names them. */
export const enquiryFilter = (s: EnquiryFilter): NonNullable<EnquiryQuery['status']> =>
  s === 'OPEN' ? 'open' : s === 'ALL' ? 'all' : SHOP_ENQUIRY_STATUS[s];

export const assigneeFilter = (a: AssigneeFilter): 'me' | 'none' => (a === 'ME' ? 'me' : 'none');

export const enquiryEventKind = (k: EnquiryEventRecord['kind']): EnquiryEventKind => (k === 'note' ? 'NOTE' : 'REPLY');

export const couponKind = (k: CouponRecord['kind']): CouponKind => (k === 'percent' ? 'PERCENT' : 'FIXED');
export const shopCouponKind = (k: CouponKind): CouponRecord['kind'] => (k === 'PERCENT' ? 'percent' : 'fixed');
