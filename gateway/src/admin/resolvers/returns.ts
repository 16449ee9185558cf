import { isReturnStatus, RETURN_TRANSITIONS } from '@digitic/shop-rules';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { refundState, RETURN_STATUS, returnStatus, SHOP_RETURN_STATUS } from '../enums.js';
import { orNull, pageOf } from './support.js';

/** The returns desk: returns decided, received and refunded. */
export const returns: Resolvers = {
  Query: {
    returns: (_root, { status: s, page, pageSize }, { api }) =>
      api.returns.list({ ...pageOf(page, pageSize), ...(s ? { status: SHOP_RETURN_STATUS[s] } : {}) }),
    return: (_root, { id }, { api }) => orNull(api.returns.get(id)),
  },
  Mutation: {
    moveReturn: (_root, { input }, { api }) =>
      api.returns.move(input.returnId, { to: SHOP_RETURN_STATUS[input.to], version: input.version, note: input.note ?? null }),
    refundReturn: (_root, { returnId, version, restock }, { api }) => api.returns.refund(returnId, { version, restock }),
  },
  // The desk's list counts a return's units and names its order; an order's returns list their lines instead.
  ReturnSummary: {
    status: (r) => returnStatus(r.status),
    units: (r) => ('units' in r ? r.units : r.lines.reduce((n, l) => n + l.quantity, 0)),
    orderId: (r) => ('orderId' in r ? r.orderId : ''),
  },
  Return: {
    status: (r) => returnStatus(r.status),
    nextStatuses: (r) => (isReturnStatus(r.status) ? RETURN_TRANSITIONS[r.status].map((s) => RETURN_STATUS[s]) : []),
  },
  ReturnRefund: { state: (r) => refundState(r.state) },
};
