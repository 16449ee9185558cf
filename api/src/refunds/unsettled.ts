import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { type Actor, command, SYSTEM } from '../audit/actor.js';
import { moveCheckout } from '../checkout/checkout-state.js';
import type { PaymentProvider } from '../payments/provider.js';

export interface UnsettledRow {
  paymentId: string;
  providerOrderId: string;
  email: string;
  amountPaid: number;
  reason: string;
  createdAt: Date;
  refundId: string | null;
  refundedAt: Date | null;
}

/** The checkout a refunded payment was for, unless it became an order (a refund of an order is not this). */
export async function markRefunded(db: Kysely<Database> | Transaction<Database>, paymentId: string, actor: Actor): Promise<void> {
  await moveCheckout(db, { paymentId }, 'refunded', {}, actor);
}

export async function listUnsettled(db: Kysely<Database>, all = false): Promise<UnsettledRow[]> {
  let query = db
    .selectFrom('unsettled_payments as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.razorpay_payment_id',
      'u.razorpay_order_id',
      'c.email',
      'u.amount_paid',
      'u.reason',
      'u.created_at',
      'u.refund_id',
      'u.refunded_at',
    ])
    .orderBy('u.created_at');
  if (!all) query = query.where('u.refunded_at', 'is', null);
  const rows = await query.execute();
  return rows.map((r) => ({
    paymentId: r.razorpay_payment_id,
    providerOrderId: r.razorpay_order_id,
    email: r.email,
    amountPaid: r.amount_paid,
    reason: r.reason,
    createdAt: r.created_at,
    refundId: r.refund_id,
    refundedAt: r.refunded_at,
  }));
}

export type SettleResult =
  | { paymentId: string; outcome: 'refunded'; refundId: string; amount: number }
  | { paymentId: string; outcome: 'already refunded at the provider'; amount: number }
  | { paymentId: string; outcome: 'skipped'; why: string }
  | { paymentId: string; outcome: 'failed'; why: string };

/**
 * Refunds every kept payment that is not refunded yet, one at a time, each under a row lock held
 * across the provider call: a second run at the same time skips the rows the first holds, and a run
 * cut off after the provider refunded sees the refund at the provider next time and only records it.
 */
export async function settleUnsettled(
  db: Kysely<Database>,
  provider: PaymentProvider,
  options: { only?: string; onProgress?: (r: SettleResult) => void; source?: string; maxAttempts?: number } = {},
): Promise<SettleResult[]> {
  const source = options.source ?? 'payments:settle';
  const actor = source === 'automatic' ? SYSTEM : command(source);
  const pending = (await listUnsettled(db)).filter((r) => !options.only || r.paymentId === options.only);
  const results: SettleResult[] = [];
  for (const row of pending) {
    const result = await db.transaction().execute(async (trx): Promise<SettleResult> => {
      const locked = await trx
        .selectFrom('unsettled_payments')
        .select(['amount_paid', 'refunded_at', 'refund_attempts'])
        .where('razorpay_payment_id', '=', row.paymentId)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!locked) return { paymentId: row.paymentId, outcome: 'skipped', why: 'another settle run is refunding it' };
      if (locked.refunded_at) return { paymentId: row.paymentId, outcome: 'skipped', why: 'refunded meanwhile' };
      if (options.maxAttempts !== undefined && locked.refund_attempts >= options.maxAttempts) {
        return {
          paymentId: row.paymentId,
          outcome: 'skipped',
          why: `${locked.refund_attempts} automatic refunds failed: left for a person`,
        };
      }
      try {
        const payment = await provider.fetchPayment(row.paymentId);
        const left = locked.amount_paid - (payment.amount_refunded ?? 0);
        if (left <= 0) {
          await trx
            .updateTable('unsettled_payments')
            .set({ refund_id: 'at-provider', refunded_at: new Date() })
            .where('razorpay_payment_id', '=', row.paymentId)
            .execute();
          await markRefunded(trx, row.paymentId, actor);
          return { paymentId: row.paymentId, outcome: 'already refunded at the provider', amount: locked.amount_paid };
        }
        const refund = await provider.refund(row.paymentId, left, { reason: row.reason.slice(0, 200), source });
        await trx
          .updateTable('unsettled_payments')
          .set({ refund_id: refund.id, refunded_at: new Date() })
          .where('razorpay_payment_id', '=', row.paymentId)
          .execute();
        await trx
          .insertInto('payment_refunds')
          .values({ refund_id: refund.id, razorpay_payment_id: row.paymentId, amount: left, status: refund.status, source })
          .onConflict((oc) => oc.column('refund_id').doNothing())
          .execute();
        await markRefunded(trx, row.paymentId, actor);
        return { paymentId: row.paymentId, outcome: 'refunded', refundId: refund.id, amount: left };
      } catch (err) {
        await trx
          .updateTable('unsettled_payments')
          .set((eb) => ({ refund_attempts: eb('refund_attempts', '+', 1), last_refund_error: (err as Error).message.slice(0, 500) }))
          .where('razorpay_payment_id', '=', row.paymentId)
          .execute();
        return { paymentId: row.paymentId, outcome: 'failed', why: (err as Error).message };
      }
    });
    results.push(result);
    options.onProgress?.(result);
  }
  return results;
}
