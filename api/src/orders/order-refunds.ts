import { isUuid } from '../domain/ids.js';
import { discountOfUnits, toPaise } from '@digitic/shop-rules';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type Actor, RECONCILIATION, SYSTEM, WEBHOOK } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, LineQuantity, OrderRefundsTable, RefundState } from '../db/schema.js';
import { badRequest, conflict, DomainError, notFound, versionConflict } from '../domain/errors.js';
import type { PaymentProvider, ProviderRefund } from '../payments/provider.js';
import { putBackStock } from '../products/stock.js';
import { enqueueNotice } from './notices.js';
import { addOrderEvent } from './timeline.js';

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

/**
 * Records a refund of an order within the caller's transaction (the order is locked here), with its
 * timeline event and audit row, and puts the units back in stock when asked. Answers the refund to send.
 */
export async function recordOrderRefund(trx: Trx, orderId: string, request: RefundRequest): Promise<OrderRefund> {
  const reason = request.reason.trim();
  if (!reason) throw badRequest('Say why the order is refunded', 'reason');
  if (reason.length > 500) throw badRequest('The reason is longer than 500 characters', 'reason');
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
  const lines = request.lines ?? [];
  let amount = left;
  if (lines.length > 0) {
    const seen = new Set<string>();
    amount = 0;
    for (const l of lines) {
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
      amount +=
        toPaise(item.price) * l.quantity - discountOfUnits(item.discount_paise, item.quantity, refundedUnits.get(item.id) ?? 0, l.quantity);
    }
    if (amount > left) throw conflict(`These lines come to ${money(amount)}, more than the ${money(left)} left to refund`, 'lines');
  }

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
      restock: request.restock === true && lines.length > 0,
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
      lines.flatMap((l) => {
        const item = items.find((i) => i.id === l.itemId);
        const room = item ? item.quantity - (back.get(item.id) ?? 0) : 0;
        return item && room > 0
          ? [{ productId: item.product_id, colorId: item.color_id, title: '', color: '', quantity: Math.min(l.quantity, room) }]
          : [];
      }),
    );
  }
  await addOrderEvent(trx, orderId, 'refund', request.actor, {
    detail: { refundId: refund.id, amountPaise: amount, lines, reason, restocked: refund.restock, state: 'requested' },
  });
  await recordAudit(trx, request.actor, {
    action: 'order.refund',
    subject: { kind: 'order', id: orderId },
    before: { refundedPaise: refunded },
    after: { refundId: refund.id, amountPaise: amount, lines, reason, restocked: refund.restock, source: request.source },
  });
  return refund;
}

const stateOf = (status: string): RefundState => (status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending');
const receiptOf = (r: ProviderRefund) => r.receipt ?? (r.notes && !Array.isArray(r.notes) ? r.notes.shop_refund : undefined) ?? null;

export interface OrderRefundsDeps {
  db: Kysely<Database>;
  payments: PaymentProvider;
  log: (line: string, detail?: unknown) => void;
  /** Counts refunds by source as they are processed (the metrics). */
  processed?: (source: string) => void;
}

/** Sends recorded refunds to the provider and settles them from its answers, its webhooks and the timer. */
export function orderRefundsService(deps: OrderRefundsDeps) {
  const { db, payments, log } = deps;

  /** Writes what the provider says of a refund onto its record; the first time it is processed, the shopper is owed an e-mail. */
  async function settle(trx: Trx, refund: OrderRefund, made: ProviderRefund, actor: Actor): Promise<boolean> {
    const state = stateOf(made.status);
    if (refund.state === state && refund.provider_refund_id === made.id) return false;
    if (refund.state === 'processed') return false;
    await trx
      .updateTable('order_refunds')
      .set({
        state,
        provider_refund_id: made.id,
        processed_at: state === 'processed' ? new Date() : null,
        last_error: null,
        claimed_until: null,
      })
      .where('id', '=', refund.id)
      .execute();
    await refreshPaymentState(trx, refund.order_id);
    await trx
      .insertInto('payment_refunds')
      .values({ refund_id: made.id, razorpay_payment_id: made.payment_id, amount: made.amount, status: made.status, source: refund.source })
      .onConflict((oc) => oc.column('refund_id').doUpdateSet({ status: made.status, source: refund.source }))
      .execute();
    if (state === 'processed' || state === 'failed') {
      await addOrderEvent(trx, refund.order_id, 'refund', actor, {
        detail: { refundId: refund.id, providerRefundId: made.id, amountPaise: refund.amount, state },
      });
    }
    if (state === 'processed') {
      await enqueueNotice(trx, refund.order_id, 'refunded', `refunded:${refund.id}`, { refundId: refund.id });
      deps.processed?.(refund.source);
    }
    return true;
  }

  /**
   * Asks the provider for one recorded refund, if nobody is already: the record is locked (skipped when
   * another process holds it) across the call. The payment's refunds at the provider are read first, so
   * a refund made before a crash is found by its receipt and recorded, not made again. A refusal by the
   * provider marks the refund failed (it no longer counts against what is left); an unreachable provider
   * leaves it requested for the timer.
   */
  async function send(refundId: string): Promise<OrderRefund | null> {
    // Claimed for a minute by one sender (a guarded update, committed): no lock or connection is held while the provider answers.
    const claimed = await db
      .updateTable('order_refunds')
      .set({ claimed_until: sql<Date>`now() + interval '60 seconds'` })
      .where('id', '=', refundId)
      .where('state', '=', 'requested')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return (await db.selectFrom('order_refunds').selectAll().where('id', '=', refundId).executeTakeFirst()) ?? null;
    const order = await db.selectFrom('orders').select('razorpay_payment_id').where('id', '=', claimed.order_id).executeTakeFirstOrThrow();
    let made: ProviderRefund | null = null;
    let failure: { message: string; refused: boolean } | null = null;
    try {
      // A refund made before (by a sender that stopped before writing it down) is found by its receipt, on this payment, for this amount.
      made =
        (await payments.fetchRefunds(order.razorpay_payment_id)).find((r) => receiptOf(r) === claimed.id && r.amount === claimed.amount) ??
        (await payments.refund(
          order.razorpay_payment_id,
          claimed.amount,
          { shop_refund: claimed.id, reason: claimed.reason.slice(0, 200) },
          claimed.id,
        ));
    } catch (err) {
      failure = {
        message: err instanceof Error ? err.message : String(err),
        refused: err instanceof DomainError && err.code === 'PAYMENT_FAILED',
      };
    }
    return db.transaction().execute(async (trx) => {
      const refund = await trx.selectFrom('order_refunds').selectAll().where('id', '=', refundId).forUpdate().executeTakeFirstOrThrow();
      if (made) {
        await settle(trx, refund, made, SYSTEM);
      } else if (failure && refund.state === 'requested') {
        await trx
          .updateTable('order_refunds')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            last_error: failure.message.slice(0, 500),
            claimed_until: null,
            ...(failure.refused ? { state: 'failed' as const } : {}),
          }))
          .where('id', '=', refund.id)
          .execute();
        if (failure.refused) {
          await refreshPaymentState(trx, refund.order_id);
          await addOrderEvent(trx, refund.order_id, 'refund', SYSTEM, {
            detail: { refundId: refund.id, amountPaise: refund.amount, state: 'failed', error: failure.message },
          });
        }
        log(
          `refund ${refund.id} of order ${refund.order_id}: ${failure.refused ? 'refused by the provider' : 'will be retried'}: ${failure.message}`,
        );
      }
      return trx.selectFrom('order_refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    });
  }

  return {
    send,

    /**
     * A refund the provider reports (its `refund.processed` webhook): settles the refund it belongs to,
     * found by its provider id or its receipt; one made at the provider itself on an order's payment is
     * recorded against the order. Answers whether anything changed.
     */
    async fromProvider(made: ProviderRefund, actor: Actor = WEBHOOK): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const receipt = receiptOf(made);
        const order = await trx.selectFrom('orders').select('id').where('razorpay_payment_id', '=', made.payment_id).executeTakeFirst();
        if (!order) return false; // a payment that made no order: the checkout's refund path records it
        // The shop's refund it answers: by the provider's id, or by its receipt, but only a refund of this
        // payment's order for this amount (a note typed in the provider's dashboard settles nothing else).
        const known = await trx
          .selectFrom('order_refunds')
          .selectAll()
          .where('order_id', '=', order.id)
          .where((eb) =>
            eb.or([
              eb('provider_refund_id', '=', made.id),
              ...(isUuid(receipt)
                ? [eb.and([eb('id', '=', receipt), eb('amount', '=', made.amount), eb('provider_refund_id', 'is', null)])]
                : []),
            ]),
          )
          .forUpdate()
          .executeTakeFirst();
        if (known) return settle(trx, known, made, actor);
        if (await trx.selectFrom('order_refunds').select('id').where('provider_refund_id', '=', made.id).executeTakeFirst()) return false;
        const outside = await trx
          .insertInto('order_refunds')
          .values({
            order_id: order.id,
            amount: made.amount,
            lines: '[]',
            reason: 'Refunded at the payment provider',
            source: 'provider',
            actor_kind: actor.kind,
            actor_id: actor.id ?? null,
            actor_label: actor.label ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'order.refund',
          subject: { kind: 'order', id: order.id },
          after: { refundId: outside.id, providerRefundId: made.id, amountPaise: made.amount, source: 'provider' },
        });
        return settle(trx, outside, made, actor);
      });
    },

    /** The timer's pass: refunds still requested (the provider was down) are sent; pending ones are asked about. */
    async retry(olderThanSeconds = 30): Promise<{ sent: number; settled: number; errors: string[] }> {
      const result = { sent: 0, settled: 0, errors: [] as string[] };
      const open = await db
        .selectFrom('order_refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(['r.id', 'r.state', 'o.razorpay_payment_id'])
        .where('r.state', 'in', ['requested', 'pending'])
        .where('r.created_at', '<', new Date(Date.now() - olderThanSeconds * 1000))
        .orderBy('r.created_at')
        .limit(100)
        .execute();
      for (const r of open) {
        try {
          if (r.state === 'requested') {
            const after = await send(r.id);
            if (after && after.state !== 'requested') result.sent += 1;
            continue;
          }
          for (const made of await payments.fetchRefunds(r.razorpay_payment_id)) {
            if (await this.fromProvider(made, RECONCILIATION)) result.settled += 1;
          }
        } catch (err) {
          result.errors.push(`refund ${r.id}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return result;
    },

    /** An order's refunds, oldest first, with what each was for. */
    async of(orderId: string) {
      return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
    },
  };
}

export type OrderRefundsService = ReturnType<typeof orderRefundsService>;
