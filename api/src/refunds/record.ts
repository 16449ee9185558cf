import { keepNote } from '../audit/notes.js';
import { discountOfUnits, toPaise } from '@digitic/shop-rules';
import type { Selectable, Transaction } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, LineQuantity, OrderRefundsTable } from '../db/schema.js';
import { badRequest, conflict, notFound, versionConflict } from '../domain/errors.js';
import { putBackStock } from '../products/stock.js';
import { addOrderEvent } from '../orders/timeline.js';

// An order's refunds, written once. Every refund is recorded (state `requested`) in the transaction of
// the action that owes it, under the order's row lock, where the rule holds: never more than was paid
// minus what is refunded or being refunded, never more units of a line than were ordered. Only then is
// the provider asked, with the refund's own id as its receipt; a retry first looks at the payment's
// refunds at the provider for that receipt, so a refund cut off between the provider and the database
// is recorded, not made twice. The provider's `refund.processed` webhook (and the reconciliation timer)
// settle what is pending, and record a refund someone made at the provider itself.

type Trx = Transaction<Database>;
export type OrderRefund = Selectable<OrderRefundsTable>;

export interface RefundRequest {
  /** Which units to refund, at the price paid for them; none: everything left to refund (a cancellation, a full refund). */
  lines?: LineQuantity[];
  reason: string;
  /** Put the refunded lines' units back in stock. */
  restock?: boolean;
  returnId?: string | null;
  /** Where the refund came from, for the metrics and the record: staff, cancellation, return, provider. */
  source: 'staff' | 'cancellation' | 'return' | 'provider';
  actor: Actor;
  /** The order's version the caller read (staff): refused when the order changed since, a refund included. */
  expectedVersion?: number;
}

/** Paid, refunded (or being refunded) and left, in paise, and the units of each line refunded so far. */
async function ledger(trx: Trx, order: { id: string; total_price_after_discount: number }) {
  const refunds = await trx
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('state', '!=', 'failed')
    .execute();
  const paid = toPaise(order.total_price_after_discount);
  const refunded = refunds.reduce((s, r) => s + r.amount, 0);
  const units = new Map<string, number>();
  for (const r of refunds) for (const l of r.lines) units.set(l.itemId, (units.get(l.itemId) ?? 0) + l.quantity);
  return { paid, refunded, left: paid - refunded, units };
}

/** What is left to pay back of an order, in paise: what was paid less what is refunded or being refunded. */
export async function leftToRefund(trx: Trx, orderId: string): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'total_price_after_discount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return (await ledger(trx, order)).left;
}

/** Returns of the order still open (asked, approved or received): their units are on their way back. */
export const openReturns = (trx: Trx, orderId: string) =>
  trx
    .selectFrom('returns')
    .select('lines')
    .where('order_id', '=', orderId)
    .where('status', 'in', ['Requested', 'Approved', 'Received'])
    .execute();

/** Units of each line put back in stock by the order's refunds so far (whatever became of the money), leaving one out. */
export async function restockedUnits(trx: Trx, orderId: string, except?: string): Promise<Map<string, number>> {
  let q = trx.selectFrom('order_refunds').select('lines').where('order_id', '=', orderId).where('restock', '=', true);
  if (except) q = q.where('id', '!=', except);
  const back = new Map<string, number>();
  for (const r of await q.execute()) for (const l of r.lines) back.set(l.itemId, (back.get(l.itemId) ?? 0) + l.quantity);
  return back;
}

/** Writes where the order's payment stands from its refunds, after any change to them (in the change's transaction). */
export async function refreshPaymentState(trx: Trx, orderId: string): Promise<void> {
  const rows = await trx.selectFrom('order_refunds').select('state').where('order_id', '=', orderId).execute();
  const state = rows.some((r) => r.state === 'requested' || r.state === 'pending')
    ? 'refund_in_progress'
    : rows.some((r) => r.state === 'processed')
      ? 'refunded'
      : 'paid';
  await trx.updateTable('orders').set({ payment_state: state }).where('id', '=', orderId).where('payment_state', '!=', state).execute();
}

const money = (paise: number) => `Rs. ${(paise / 100).toLocaleString('en-IN')}`;

/** A line of a refund priced: its units and what they come to, with what the record needs of the order's line. */
export interface PricedRefundLine {
  itemId: string;
  quantity: number;
  amountPaise: number;
  productId: string;
  colorId: string;
  /** Units of the line ordered. */
  orderedQuantity: number;
}

/** What a refund of an order would be, worked out as its record works it out. */
export interface RefundPrice {
  amountPaise: number;
  /** What is left of the payment before this refund. */
  leftToRefundPaise: number;
  /** What is refunded or being refunded before this refund. */
  refundedPaise: number;
  /** The lines named (none: everything left), in the order asked. */
  lines: PricedRefundLine[];
  /** Whether the units would go back in stock: asked, and lines named. */
  restock: boolean;
}

/**
 * Checks a refund against the order and prices it, writing nothing: the order (locked here until the caller's
 * transaction ends), the version read, what is left, each line's units still open (an open return's units are
 * that return's) and what they were paid (price less their part of the coupon discount). The refund and its
 * quote both come from here, so a quote is what the refund records.
 */
export async function priceOrderRefund(
  trx: Trx,
  orderId: string,
  request: Pick<RefundRequest, 'lines' | 'restock' | 'returnId' | 'expectedVersion'>,
): Promise<RefundPrice> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'total_price_after_discount', 'version'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if (request.expectedVersion !== undefined && request.expectedVersion !== order.version) {
    throw versionConflict('This order was changed by someone else since you opened it (a refund, a move). Reload it, then try again.');
  }
  const { left, refunded, units } = await ledger(trx, order);
  // Units refunded so far, before open returns are counted in: a line's discount is given back by them.
  const refundedUnits = new Map(units);
  // Units an open return is bringing back are that return's to refund, not a line refund's.
  if (!request.returnId) {
    for (const r of await openReturns(trx, orderId)) for (const l of r.lines) units.set(l.itemId, (units.get(l.itemId) ?? 0) + l.quantity);
  }
  if (left <= 0) throw conflict('This order has been refunded in full already', 'amount');

  const items = await trx
    .selectFrom('order_items')
    .select(['id', 'product_id', 'color_id', 'quantity', 'price', 'discount_paise'])
    .where('order_id', '=', orderId)
    .execute();
  const asked = request.lines ?? [];
  const lines: PricedRefundLine[] = [];
  let amount = left;
  if (asked.length > 0) {
    const seen = new Set<string>();
    amount = 0;
    for (const l of asked) {
      const item = items.find((i) => i.id === l.itemId);
      if (!item) throw badRequest(`The line ${l.itemId} is not part of this order`, 'lines');
      if (seen.has(l.itemId)) throw badRequest('A line is named twice', 'lines');
      seen.add(l.itemId);
      if (!Number.isInteger(l.quantity) || l.quantity < 1) throw badRequest('Each line needs a quantity of at least 1', 'lines');
      const open = item.quantity - (units.get(item.id) ?? 0);
      if (l.quantity > open) {
        throw conflict(
          open === 0
            ? 'Every unit of this line has been refunded already'
            : `Only ${open} of the ${item.quantity} units of this line are left to refund`,
          'lines',
        );
      }
      // What was paid for these units: their price less their part of the order's coupon discount.
      const paise =
        toPaise(item.price) * l.quantity - discountOfUnits(item.discount_paise, item.quantity, refundedUnits.get(item.id) ?? 0, l.quantity);
      lines.push({
        itemId: item.id,
        quantity: l.quantity,
        amountPaise: paise,
        productId: item.product_id,
        colorId: item.color_id,
        orderedQuantity: item.quantity,
      });
      amount += paise;
    }
    if (amount > left) throw conflict(`These lines come to ${money(amount)}, more than the ${money(left)} left to refund`, 'lines');
  }
  return {
    amountPaise: amount,
    leftToRefundPaise: left,
    refundedPaise: refunded,
    lines,
    restock: request.restock === true && lines.length > 0,
  };
}

/**
 * Records a refund of an order within the caller's transaction (the order is locked here), with its
 * timeline event and audit row, and puts the units back in stock when asked. Answers the refund to send.
 */
export async function recordOrderRefund(trx: Trx, orderId: string, request: RefundRequest): Promise<OrderRefund> {
  const reason = request.reason.trim();
  if (!reason) throw badRequest('Say why the order is refunded', 'reason');
  if (reason.length > 500) throw badRequest('The reason is longer than 500 characters', 'reason');
  const price = await priceOrderRefund(trx, orderId, request);
  const amount = price.amountPaise;
  const refunded = price.refundedPaise;
  // Stored as asked ({ itemId, quantity }), each with what was paid for its units (its credit note credits that).
  const lines: LineQuantity[] = price.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, amountPaise: l.amountPaise }));

  const refund = await trx
    .insertInto('order_refunds')
    .values({
      // Units a coupon paid for in full cost the shopper nothing: that refund is done as it is recorded (no provider call).
      ...(amount === 0 ? { state: 'processed' as const } : {}),
      order_id: orderId,
      return_id: request.returnId ?? null,
      amount,
      lines: JSON.stringify(lines),
      reason,
      restock: price.restock,
      source: request.source,
      actor_kind: request.actor.kind,
      actor_id: request.actor.id ?? null,
      actor_label: request.actor.label ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await refreshPaymentState(trx, orderId);
  // A refund is a change to the order: whoever read it before must read it again.
  await trx
    .updateTable('orders')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', orderId)
    .execute();
  if (refund.restock) {
    // Never more units back on the shelf than the line sold, whatever earlier refunds (or a cancellation) put back.
    const back = await restockedUnits(trx, orderId, refund.id);
    await putBackStock(
      trx,
      price.lines.flatMap((l) => {
        const room = l.orderedQuantity - (back.get(l.itemId) ?? 0);
        return room > 0 ? [{ productId: l.productId, colorId: l.colorId, title: '', color: '', quantity: Math.min(l.quantity, room) }] : [];
      }),
    );
  }
  // The reason's words are kept where an erasure reaches them (audit/notes.ts): the timeline and the trail hold its id.
  const owner = await trx.selectFrom('orders').select('customer_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  const why = await keepNote(trx, reason, { customerId: owner.customer_id });
  await addOrderEvent(trx, orderId, 'refund', request.actor, {
    detail: { refundId: refund.id, amountPaise: amount, lines, reason: why, restocked: refund.restock, state: 'requested' },
  });
  await recordAudit(trx, request.actor, {
    action: 'order.refund',
    subject: { kind: 'order', id: orderId },
    before: { refundedPaise: refunded },
    after: { refundId: refund.id, amountPaise: amount, lines, reason: why, restocked: refund.restock, source: request.source },
  });
  return refund;
}
