import { type Kysely, sql } from 'kysely';
import { RECONCILIATION } from '../audit/actor.js';
import { moveCheckout } from '../checkout/checkout-state.js';
import { settleUnsettled } from '../refunds/unsettled.js';
import * as lease from '../db/lease.js';
import type { Database } from '../db/schema.js';
import type { CheckoutsService } from '../checkout/service.js';
import type { PaymentProvider } from './provider.js';
import type { OrderRefundsService } from '../refunds/order-refunds.js';
import type { NoticesService } from '../orders/notices.js';

export interface ReconcileSettings {
  /** A checkout unpaid for this long is asked about at the provider. */
  afterSeconds: number;
  /** A checkout with no captured payment this long after it started is expired. */
  expireAfterSeconds: number;
}

export interface ReconcileReport {
  checked: number;
  ordered: number;
  refused: number;
  expired: number;
  refunds: number;
  confirmations: number;
  notices: number;
  /** Order refunds sent to the provider or settled from its word, and order e-mails sent. */
  orderRefunds: number;
  orderEmails: number;
  errors: string[];
}

const LEASE = 'payments:reconcile';

/**
 * One runner at a time across every api and command on the database. A timer's run also skips when
 * another runner finished less than `minGapSeconds` ago, so several apis do not each poll the provider.
 */
export const takeLease = (db: Kysely<Database>, holder: string, ttlSeconds: number, minGapSeconds = 0): Promise<boolean> =>
  lease.takeLease(db, LEASE, holder, ttlSeconds, minGapSeconds);

export const releaseLease = (db: Kysely<Database>, holder: string): Promise<void> => lease.releaseLease(db, LEASE, holder);

/**
 * Finds what webhooks missed: each checkout still open after `afterSeconds` is asked about at the
 * provider (its payments); a captured one becomes its order (or a refund), none past the expiry
 * marks it expired. Then retries what may have failed before: automatic refunds, confirmations and
 * refund notices. Safe to run anywhere at any time: each step is idempotent on the rows it reads.
 */
export async function reconcile(
  deps: {
    db: Kysely<Database>;
    payments: PaymentProvider;
    checkouts: CheckoutsService;
    orderRefunds?: OrderRefundsService;
    notices?: NoticesService;
  },
  settings: ReconcileSettings,
): Promise<ReconcileReport> {
  const { db, payments, checkouts } = deps;
  const report: ReconcileReport = {
    checked: 0,
    ordered: 0,
    refused: 0,
    expired: 0,
    refunds: 0,
    confirmations: 0,
    notices: 0,
    orderRefunds: 0,
    orderEmails: 0,
    errors: [],
  };
  const now = Date.now();
  // Each open checkout is asked about again once a quarter of its age has passed since the last
  // time (an abandoned one costs about ten provider calls before it expires, not one a run), and
  // once more when it is due to expire.
  const expiry = new Date(now - settings.expireAfterSeconds * 1000);
  const open = await db
    .selectFrom('checkouts')
    .select(['razorpay_order_id', 'created_at'])
    .where('status', 'in', ['started', 'failed'])
    .where('created_at', '<', new Date(now - settings.afterSeconds * 1000))
    .where((eb) =>
      eb.or([
        eb('last_checked_at', 'is', null),
        eb('created_at', '<', expiry),
        sql<boolean>`last_checked_at < now() - (now() - created_at) / 4`,
      ]),
    )
    .orderBy('created_at')
    .limit(500)
    .execute();
  for (const c of open) {
    report.checked += 1;
    try {
      await db.updateTable('checkouts').set({ last_checked_at: new Date() }).where('razorpay_order_id', '=', c.razorpay_order_id).execute();
      const attempts = await payments.fetchOrderPayments(c.razorpay_order_id);
      const captured = attempts.find((p) => p.status === 'captured');
      if (captured) {
        const done = await checkouts.complete(c.razorpay_order_id, captured, 'reconcile');
        if (done && 'refused' in done) report.refused += 1;
        else if (done?.created) report.ordered += 1;
      } else if (c.created_at.getTime() < now - settings.expireAfterSeconds * 1000) {
        if (await moveCheckout(db, { providerOrderId: c.razorpay_order_id }, 'expired', {}, RECONCILIATION)) report.expired += 1;
      }
    } catch (err) {
      report.errors.push(`${c.razorpay_order_id}: ${(err as Error).message}`);
    }
  }

  // Automatic refunds that did not go through (provider down): retried a few times, then left for a person.
  const settled = await settleUnsettled(db, payments, { source: 'automatic', maxAttempts: 5 });
  for (const r of settled) {
    if (r.outcome === 'refunded' || r.outcome === 'already refunded at the provider') report.refunds += 1;
    if (r.outcome === 'failed') report.errors.push(`${r.paymentId}: refund failed: ${r.why}`);
  }

  const unconfirmed = await db.selectFrom('orders').select('id').where('confirmation_sent_at', 'is', null).limit(200).execute();
  for (const o of unconfirmed) if (await checkouts.sendConfirmation(o.id)) report.confirmations += 1;
  const unnoticed = await db
    .selectFrom('unsettled_payments')
    .select('razorpay_payment_id')
    .where('refunded_at', 'is not', null)
    .where('notice_sent_at', 'is', null)
    .limit(200)
    .execute();
  for (const u of unnoticed) if (await checkouts.sendRefundNotice(u.razorpay_payment_id)) report.notices += 1;

  // Order refunds the provider did not take yet, or has not processed yet; then the order e-mails still owed.
  if (deps.orderRefunds) {
    const r = await deps.orderRefunds.retry();
    report.orderRefunds += r.sent + r.settled;
    report.errors.push(...r.errors);
  }
  if (deps.notices) report.orderEmails += await deps.notices.flush(200);

  // Event ids are kept long past Razorpay's retry window (24 h), then forgotten.
  await db
    .deleteFrom('webhook_events')
    .where('received_at', '<', new Date(now - 30 * 86_400_000))
    .execute();
  return report;
}

/** One line for logs and the command's output. */
export function describeReport(r: ReconcileReport): string {
  return (
    `checked ${r.checked} open checkouts: ${r.ordered} ordered, ${r.refused} refused and refunded, ${r.expired} expired; ` +
    `${r.refunds} refunds, ${r.confirmations} confirmations and ${r.notices} refund notices sent; ` +
    `${r.orderRefunds} order refunds sent or settled, ${r.orderEmails} order e-mails sent` +
    (r.errors.length > 0 ? `; ${r.errors.length} errors (${r.errors.slice(0, 3).join('; ')})` : '')
  );
}
