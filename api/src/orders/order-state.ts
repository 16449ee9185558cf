import { keepNoteIf } from '../audit/notes.js';
import { isOrderStatus, type OrderStatus, orderMoveProblem } from '@digitic/shop-rules';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, OrdersTable } from '../db/schema.js';
import { badRequest } from '../domain/errors.js';
import { guardedMove, inTransaction, lockForMove, type MovableKind } from '../domain/lifecycle.js';
import { enqueueNotice } from './notices.js';
import { addOrderEvent } from './timeline.js';

// An order's status moves only here, by the table the shop's rules declare (shop-rules' ORDER_TRANSITIONS):
// Ordered → Processed → Shipped → Out For Delivery → Delivered, and Cancelled from Ordered or Processed.

type Db = Kysely<Database> | Transaction<Database>;

const ORDERS: MovableKind<'orders', OrderStatus> = {
  table: 'orders',
  noun: 'order',
  column: 'order_status',
  isStatus: isOrderStatus,
  problem: orderMoveProblem,
};

export interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | null;
}

export interface OrderMove {
  to: OrderStatus;
  actor: Actor;
  /** The version the caller read: when given and the order has moved on since, the move is refused (someone else acted first). */
  expectedVersion?: number;
  /** Required to ship: the parcel's carrier and tracking number. */
  shipment?: Shipment;
  /** Shown on the timeline with the event (e.g. a cancellation's reason). */
  note?: string;
}

const STAMP: Partial<Record<OrderStatus, 'shipped_at' | 'delivered_at' | 'cancelled_at'>> = {
  Shipped: 'shipped_at',
  Delivered: 'delivered_at',
  Cancelled: 'cancelled_at',
};

/** A tracking link must be a web address the shopper's browser may open. */
function trackingUrl(v: string | null | undefined): string | null {
  if (!v) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw badRequest('The tracking URL is not a web address', 'trackingUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('The tracking URL must start with https://', 'trackingUrl');
  return url.toString();
}

/**
 * The one transition of an order: within a transaction, the order is locked, the move checked against
 * the table (and the version the caller read), the status written with the version moved on, and the
 * timeline event and the audit row written beside it. Refusals are typed errors with a clear message:
 * TRANSITION_NOT_ALLOWED, VERSION_CONFLICT, BAD_REQUEST (shipping without tracking), NOT_FOUND.
 */
export async function moveOrder(db: Db, orderId: string, move: OrderMove) {
  const moving = async (trx: Transaction<Database>) => {
    const { row: order, from } = await lockForMove(trx, ORDERS, orderId, move);

    const patch: Updateable<OrdersTable> = {};
    if (move.to === 'Shipped') {
      const carrier = move.shipment?.carrier.trim();
      const number = move.shipment?.trackingNumber.trim();
      if (!carrier) throw badRequest('Shipping needs the carrier', 'carrier');
      if (!number) throw badRequest('Shipping needs the tracking number', 'trackingNumber');
      if (carrier.length > 100) throw badRequest('The carrier is longer than 100 characters', 'carrier');
      if (number.length > 100) throw badRequest('The tracking number is longer than 100 characters', 'trackingNumber');
      patch.carrier = carrier;
      patch.tracking_number = number;
      patch.tracking_url = trackingUrl(move.shipment?.trackingUrl);
    }
    const stamp = STAMP[move.to];
    if (stamp) patch[stamp] = new Date();
    const moved = await guardedMove(trx, 'orders', order, { column: 'order_status', from, to: move.to }, patch);
    if (!moved) throw new Error(`order ${orderId} moved while locked`);
    const shipment = patch.carrier
      ? { carrier: patch.carrier, trackingNumber: patch.tracking_number, trackingUrl: patch.tracking_url ?? null }
      : undefined;
    // The note's words are kept where an erasure reaches them (audit/notes.ts): the two rows hold its id.
    const note = await keepNoteIf(trx, move.note, { customerId: order.customer_id });
    await addOrderEvent(trx, orderId, 'status', move.actor, {
      from,
      to: move.to,
      detail: { ...(shipment ? { shipment } : {}), ...(note ? { note } : {}) },
    });
    await recordAudit(trx, move.actor, {
      action: 'order.status',
      subject: { kind: 'order', id: orderId },
      before: { status: from, version: order.version },
      after: { status: move.to, version: moved.version, ...(shipment ? { shipment } : {}), ...(note ? { note } : {}) },
    });
    // The shopper is told when the parcel leaves (with its tracking) and when it arrives, once each.
    if (move.to === 'Shipped') await enqueueNotice(trx, orderId, 'shipped', `shipped:${orderId}`, shipment ?? {});
    if (move.to === 'Delivered') await enqueueNotice(trx, orderId, 'delivered', `delivered:${orderId}`);
    return { order: moved, from };
  };
  return inTransaction(db, moving);
}
