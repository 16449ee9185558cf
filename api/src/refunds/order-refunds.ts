import { isUuid } from '../domain/ids.js';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Actor, RECONCILIATION, SYSTEM, WEBHOOK } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, RefundState } from '../db/schema.js';
import { DomainError } from '../domain/errors.js';
import type { PaymentProvider, ProviderRefund } from '../payments/provider.js';
import { enqueueNotice } from '../orders/notices.js';
import { addOrderEvent } from '../orders/timeline.js';
import { type OrderRefund, refreshPaymentState } from './record.js';
import { creditNoteReason, issueCreditNote } from '../tax/credit-notes.js';
import { moveRefund } from './refund-state.js';

// Sending an order's recorded refunds (record.ts) to the provider, and settling them from its answers, its
// `refund.processed` webhook and the reconciliation timer; a refund made at the provider itself is recorded.

type Trx = Transaction<Database>;

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
    const moved = await moveRefund(trx, refund, state, {
      provider_refund_id: made.id,
      processed_at: state === 'processed' ? new Date() : null,
      last_error: null,
      claimed_until: null,
    });
    if (!moved) return false;
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
      // Its credit note, now the money is back (a refund that fails credits nothing), last in the transaction: the
      // series' row is locked only from here to the commit.
      await issueCreditNote(trx, {
        id: refund.id,
        orderId: refund.order_id,
        amountPaise: refund.amount,
        reason: creditNoteReason(refund.source),
        lines: refund.lines,
      });
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
          { shop_refund: claimed.id, reason: creditNoteReason(claimed.source) },
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
        const tried = { attempts: refund.attempts + 1, last_error: failure.message.slice(0, 500), claimed_until: null };
        if (failure.refused) await moveRefund(trx, refund, 'failed', tried);
        else await trx.updateTable('order_refunds').set(tried).where('id', '=', refund.id).execute();
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
