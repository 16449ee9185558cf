import {
  type EnquiryStatus as ShopEnquiryStatus,
  isOrderStatus,
  isReturnStatus,
  type OrderStatus as ShopOrderStatus,
  type ReturnStatus as ShopReturnStatus,
} from '@digitic/shop-rules';
import type { EnquiryStatus } from './admin/__generated__/resolvers-types.js';
import type { OrderStatus, RefundState, ReturnStatus } from './__generated__/resolvers-types.js';

// The shop's words for an order's, a return's and an enquiry's statuses and a refund's state (shop-rules, the
// api) and the enums the schemas name them with, both ways, every one named. The storefront's schema and the
// back office's declare the same enums; their generated types are the same unions.

/** A one-to-one map read the other way. */
const inverse = <K extends string, V extends string>(map: Record<K, V>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k])) as Record<V, K>;

export const ORDER_STATUS: Record<ShopOrderStatus, OrderStatus> = {
  Ordered: 'ORDERED',
  Processed: 'PROCESSED',
  Shipped: 'SHIPPED',
  'Out For Delivery': 'OUT_FOR_DELIVERY',
  Delivered: 'DELIVERED',
  Cancelled: 'CANCELLED',
};
export const SHOP_ORDER_STATUS = inverse(ORDER_STATUS);

export const RETURN_STATUS: Record<ShopReturnStatus, ReturnStatus> = {
  Requested: 'REQUESTED',
  Approved: 'APPROVED',
  Rejected: 'REJECTED',
  Received: 'RECEIVED',
  Refunded: 'REFUNDED',
};
export const SHOP_RETURN_STATUS = inverse(RETURN_STATUS);

/** The inbox's statuses (the back office's schema alone names them). */
export const ENQUIRY_STATUS: Record<ShopEnquiryStatus, EnquiryStatus> = {
  Submitted: 'SUBMITTED',
  Contacted: 'CONTACTED',
  'In Progress': 'IN_PROGRESS',
  Resolved: 'RESOLVED',
};
export const SHOP_ENQUIRY_STATUS = inverse(ENQUIRY_STATUS);

const REFUND_STATE: Record<string, RefundState> = { requested: 'REQUESTED', pending: 'PENDING', processed: 'PROCESSED', failed: 'FAILED' };

/** An order's status as the schemas' enum; a status they do not know is a fault, not an answer. */
export function orderStatus(s: string): OrderStatus {
  if (!isOrderStatus(s)) throw new Error(`an order has a status the schema does not know: ${s}`);
  return ORDER_STATUS[s];
}

export function returnStatus(s: string): ReturnStatus {
  if (!isReturnStatus(s)) throw new Error(`a return has a status the schema does not know: ${s}`);
  return RETURN_STATUS[s];
}

export function refundState(s: string): RefundState {
  const state = REFUND_STATE[s];
  if (!state) throw new Error(`a refund has a state the schema does not know: ${s}`);
  return state;
}
