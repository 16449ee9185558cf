import type { ReturnReasonName } from '@digitic/rest-contract';
import { isOrderStatus, ORDER_STEPS } from '@digitic/shop-rules';
import type { OrderResolvers, RefundResolvers, ReturnReason, ReturnResolvers } from '../__generated__/resolvers-types.js';
import { saleTax, taxDocument } from './support/tax.js';
import { ORDER_STATUS, orderStatus, refundState, returnStatus } from '../lifecycle-words.js';

/** The shop's return reasons (shop-rules' RETURN_REASONS) as the schema's enum, both ways. */
export const RETURN_REASON: Record<ReturnReason, ReturnReasonName> = {
  DAMAGED_OR_DEFECTIVE: 'Damaged or defective',
  NOT_AS_DESCRIBED: 'Not as described',
  WRONG_ITEM_OR_COLOUR: 'Wrong item or colour',
  NO_LONGER_NEEDED: 'No longer needed',
  OTHER: 'Other',
};
const REASON_ENUM = Object.fromEntries(Object.entries(RETURN_REASON).map(([k, v]) => [v, k])) as Record<string, ReturnReason>;

const known = <T>(map: Record<string, T>, value: string, what: string): T => {
  const v = map[value];
  if (v === undefined) throw new Error(`${what} the schema does not know: ${value}`);
  return v;
};

export const Refund: RefundResolvers = {
  id: (r) => r._id,
  state: (r) => refundState(r.state),
};

export const Return: ReturnResolvers = {
  id: (r) => r._id,
  status: (r) => returnStatus(r.status),
  reason: (r) => known(REASON_ENUM, r.reason, 'a return reason'),
  note: (r) => r.decisionNote,
};

export const Order: OrderResolvers = {
  id: (o) => o._id,
  status: (o) => orderStatus(o.orderStatus),
  total: (o) => o.totalPrice,
  totalAfterDiscount: (o) => o.totalPriceAfterDiscount,
  coupon: (o) => o.coupon ?? null,
  items: (o) => o.orderItems,
  shippingAddress: (o) => o.shippingInfo,
  payment: (o) => ({ providerOrderId: o.paymentInfo.razorpayOrderId, providerPaymentId: o.paymentInfo.razorpayPaymentId }),
  number: (o) => o._id.slice(0, 8).toUpperCase(),
  steps: (o) => {
    if (!isOrderStatus(o.orderStatus) || o.orderStatus === 'Cancelled') return [];
    const at = ORDER_STEPS.indexOf(o.orderStatus);
    return ORDER_STEPS.map((s, i) => ({ status: ORDER_STATUS[s], reached: i <= at, current: i === at }));
  },
  shipment: (o) => o.shipment ?? null,
  shippedAt: (o) => o.shippedAt ?? null,
  deliveredAt: (o) => o.deliveredAt ?? null,
  cancelledAt: (o) => o.cancelledAt ?? null,
  canCancel: (o) => o.canCancel ?? false,
  returnUntil: (o) => o.returnUntil ?? null,
  refunds: (o) => o.refunds ?? [],
  returns: (o) => o.returns ?? [],
  tax: (o) => saleTax(o.tax),
  taxDocuments: (o) => (o.taxDocuments ?? []).map((d) => taxDocument(d, (id) => `/api/user/tax-documents/${id}/pdf`)),
};
