import type { AddressRecord, OrderStatusName, RefundStateName } from '../orders.js';
import type { LineQuantity, ReturnStatusName } from '../returns.js';
import type { TaxDocumentSummaryRecord } from '../tax.js';
import type { ActorRecord } from './audit.js';
import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// The order desk (/api/admin/orders) and the day's dashboard (/api/admin/dashboard).

/** Who ordered: in a list their e-mail, name and mobile; an order whole names their id too. */
export interface OrderCustomerRecord {
  id?: string;
  email: string;
  name: string;
  mobile: string | null;
}

export interface OrderSummaryRecord {
  id: string;
  status: OrderStatusName;
  /** What was paid, rupees: the total less the coupon's discount. */
  total: number;
  /** The coupon used, when one was. */
  couponCode: string | null;
  /** What the coupon took off, rupees (0 without one). */
  discount: number;
  createdAt: string;
  version: number;
  customer: OrderCustomerRecord;
  /** The phone given for the courier with the address (ten digits), or null: the desk flags an order without one. */
  deliveryPhone: string | null;
}

/** GET /api/admin/orders: newest first, counted up to 10,000 (totalExact false past it). */
export interface OrderListRecord extends PageRecord {
  items: OrderSummaryRecord[];
  totalExact: boolean;
}

/** GET /api/admin/orders: a status, the payment's state, an order number, e-mail, phone or provider order id, days (YYYY-MM-DD), a page. */
export interface OrderListQuery extends PageQuery {
  status?: OrderStatusName;
  payment?: 'not_refunded' | 'refund_in_progress' | 'refunded';
  q?: string;
  from?: string;
  to?: string;
}

export interface AdminOrderLineRecord {
  id: string;
  productId: string;
  title: string;
  color: string;
  quantity: number;
  /** Unit price, rupees. */
  price: number;
  refundedQuantity: number;
}

/** A refund of the order's payment, as the desk sees it (amounts in paise). */
export interface AdminRefundRecord {
  id: string;
  providerRefundId: string | null;
  amountPaise: number;
  state: RefundStateName;
  /** staff, cancellation, return or provider. */
  source: string;
  reason: string;
  lines: LineQuantity[];
  restocked: boolean;
  /** The return it pays back, when it is a return's. */
  returnId: string | null;
  error: string | null;
  at: string;
}

/** A return asked for on the order, as the order shows it. */
export interface OrderReturnRecord {
  id: string;
  status: ReturnStatusName;
  version: number;
  reason: string;
  lines: LineQuantity[];
  createdAt: string;
}

export interface TimelineEventRecord {
  id: string;
  kind: 'placed' | 'status' | 'note' | 'email' | 'refund' | 'return';
  from: string | null;
  to: string | null;
  actor: ActorRecord;
  detail: unknown;
  at: string;
}

/** GET /api/admin/orders/:id, and every move's answer: the order whole. */
export interface AdminOrderRecord {
  id: string;
  status: OrderStatusName;
  version: number;
  createdAt: string;
  customer: OrderCustomerRecord;
  lines: AdminOrderLineRecord[];
  /** Rupees. */
  totals: { total: number; totalAfterDiscount: number; couponCode: string | null; discount: number };
  address: AddressRecord;
  payment: {
    providerOrderId: string;
    providerPaymentId: string;
    paidAt: string;
    /** Rupees. */
    amountPaid: number;
    refundedPaise: number;
    leftToRefundPaise: number;
    refunds: AdminRefundRecord[];
  };
  returns: OrderReturnRecord[];
  /** Its tax invoice, then its credit notes. */
  taxDocuments: TaxDocumentSummaryRecord[];
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  timeline: TimelineEventRecord[];
}

/** POST /api/admin/orders/:id/status: the next status (never Cancelled: cancel), with the parcel to ship. */
export interface MoveOrderBody extends VersionBody {
  to: OrderStatusName;
  shipment?: { carrier: string; trackingNumber: string; trackingUrl?: string | null };
}

/** POST /api/admin/orders/:id/cancel: refunded in full, stock back, the shopper told why. */
export interface StaffCancelOrderBody extends VersionBody {
  reason: string;
}

/** POST /api/admin/orders/:id/refunds: lines and units at the price paid (none: everything left), why, restocked or not. */
export interface RefundOrderBody extends VersionBody {
  lines?: LineQuantity[];
  reason: string;
  restock?: boolean;
}

/**
 * POST /api/admin/orders/:id/refund-quote: the refund's body, the reason and version optional (a version given is
 * checked). Nothing is written.
 */
export interface RefundQuoteBody extends Omit<RefundOrderBody, 'reason' | 'version'> {
  reason?: string;
  version?: number;
}

/** A line of a refund quote: its units and what they come to, the price paid less their part of the coupon discount. */
export interface AdminRefundQuoteLineRecord {
  itemId: string;
  title: string;
  quantity: number;
  amountPaise: number;
}

/** POST /api/admin/orders/:id/refund-quote: what the refund of that body would be, worked out as the refund works it out. */
export interface AdminRefundQuote {
  /** What would be refunded, in paise. */
  amountPaise: number;
  /** What is left of the payment before it, in paise. */
  leftToRefundPaise: number;
  /** The lines named (none: everything left). */
  lines: AdminRefundQuoteLineRecord[];
  /** Whether the units would go back in stock. */
  restock: boolean;
}

/** POST /api/admin/orders/:id/notes: an internal note on the timeline. */
export interface OrderNoteBody {
  note: string;
}

/** The shop's day so far (from `since`, midnight India time). */
export interface DayFiguresRecord {
  /** Orders placed today, not cancelled. */
  orders: number;
  /** What those orders paid, rupees (cancelled orders and refunds left out). */
  revenue: number;
  since: string;
  /** What every order placed today paid, cancelled ones included, in paise. */
  takenPaise: number;
  /** Refunds recorded today and not failed, whatever day their order was placed, in paise. */
  refundedPaise: number;
  /** takenPaise less refundedPaise. */
  netPaise: number;
}

/** GET /api/admin/dashboard: what needs doing and how the shop's day (India time) goes. Rupees, but paise where named so. */
export interface DashboardRecord {
  toProcess: number;
  toShip: number;
  today: DayFiguresRecord;
  openReturns: { requested: number; approved: number; received: number };
  refunds: { inProgress: number; failedLast30Days: number };
  /** The first days' checklist: the shop's details saved, a real photo uploaded, a second staff member enrolled, an order. */
  setup: { shopDetails: boolean; photo: boolean; secondStaff: boolean; firstOrder: boolean };
}
