import { isOrderStatus, ORDER_TRANSITIONS } from '@digitic/shop-rules';
import type { RefundOrderBody } from '@digitic/rest-contract';
import type { RefundOrderInput, Resolvers } from '../__generated__/resolvers-types.js';
import { lower, ORDER_STATUS, orderStatus, refundState, SHOP_ORDER_STATUS } from '../enums.js';
import { taxDocument } from '../../resolvers/support/tax.js';
import { orNull, pageOf } from './support.js';

/** A refund's body (and its quote's) from refundOrder's input. */
const refundBody = (input: RefundOrderInput): RefundOrderBody => ({
  reason: input.reason,
  version: input.version,
  ...(input.lines && input.lines.length > 0 ? { lines: input.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })) } : {}),
  ...(input.restock != null ? { restock: input.restock } : {}),
});

/** The order desk: orders, the moves staff make on them, and the day's dashboard. */
export const orders: Resolvers = {
  Query: {
    orders: (_root, { filter, page, pageSize }, { api }) =>
      api.orders.list({
        ...pageOf(page, pageSize),
        ...(filter?.status ? { status: SHOP_ORDER_STATUS[filter.status] } : {}),
        ...(filter?.payment ? { payment: lower(filter.payment) } : {}),
        ...(filter?.search ? { q: filter.search } : {}),
        ...(filter?.from ? { from: filter.from } : {}),
        ...(filter?.to ? { to: filter.to } : {}),
      }),
    order: (_root, { id }, { api }) => orNull(api.orders.get(id)),
    dashboard: (_root, _args, { api }) => api.orders.dashboard(),
    shop: (_root, _args, { shop }) => shop.current(),
    refundQuote: (_root, { input }, { api }) => api.orders.refundQuote(input.orderId, refundBody(input)),
  },
  Mutation: {
    moveOrder: (_root, { input }, { api }) =>
      api.orders.move(input.orderId, { to: SHOP_ORDER_STATUS[input.to], version: input.version, shipment: input.shipment ?? undefined }),
    addOrderNote: (_root, { orderId, note }, { api }) => api.orders.addNote(orderId, note),
    cancelOrder: (_root, { orderId, version, reason }, { api }) => api.orders.cancel(orderId, { version, reason }),
    refundOrder: (_root, { input }, { api }) => api.orders.refund(input.orderId, refundBody(input)),
  },
  OrderSummary: { status: (o) => orderStatus(o.status) },
  Order: {
    status: (o) => orderStatus(o.status),
    total: (o) => o.totals.total,
    totalAfterDiscount: (o) => o.totals.totalAfterDiscount,
    couponCode: (o) => o.totals.couponCode,
    discount: (o) => o.totals.discount,
    nextStatuses: (o) => (isOrderStatus(o.status) ? ORDER_TRANSITIONS[o.status].map((s) => ORDER_STATUS[s]) : []),
    taxDocuments: (o) => o.taxDocuments.map((d) => taxDocument(d, (id) => `/admin/files/tax-documents/${id}/pdf`)),
  },
  Refund: { state: (r) => refundState(r.state) },
};
