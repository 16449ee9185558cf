import type { RefundStateName } from '../orders.js';
import type { ReturnStatusName } from '../returns.js';
import type { OrderReturnRecord } from './orders.js';
import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// The returns desk (/api/admin/returns). What the shopper sees of a return is ../returns.ts.

/** A return in the desk's list. */
export interface ReturnListItemRecord {
  id: string;
  orderId: string;
  status: ReturnStatusName;
  reason: string;
  /** Units asked to return. */
  units: number;
  /** The customer's e-mail. */
  email: string;
  version: number;
  createdAt: string;
}

/** A return as a list shows it: the desk's (GET /api/admin/returns), or an order's (AdminOrderRecord.returns). */
export type ReturnSummaryRecord = ReturnListItemRecord | OrderReturnRecord;

/** GET /api/admin/returns: newest first. */
export interface ReturnListRecord extends PageRecord {
  items: ReturnListItemRecord[];
}

/** GET /api/admin/returns: one status, a page. */
export interface ReturnListQuery extends PageQuery {
  status?: ReturnStatusName;
}

/** GET /api/admin/returns/:id, and every move's answer: the return whole. */
export interface ReturnDeskRecord {
  id: string;
  orderId: string;
  status: ReturnStatusName;
  version: number;
  reason: string;
  comment: string | null;
  decisionNote: string | null;
  /** Once refunded: whether the units went back in stock. */
  restocked: boolean | null;
  customer: { id: string; email: string; name: string };
  lines: { itemId: string; quantity: number; title: string; color: string; price: number }[];
  refund: ReturnRefundRecord | null;
  createdAt: string;
  updatedAt: string;
}

/** A return's refund, once refunded (paise). */
export interface ReturnRefundRecord {
  id: string;
  amountPaise: number;
  state: RefundStateName;
}

/** POST /api/admin/returns/:id/status: Approved, Rejected (a note says why) or Received. */
export interface MoveReturnBody extends VersionBody {
  to: ReturnStatusName;
  note?: string | null;
}

/** POST /api/admin/returns/:id/refund: a received return refunded at the price paid. */
export interface RefundReturnBody extends VersionBody {
  restock: boolean;
}
