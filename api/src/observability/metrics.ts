import { createHttpMetrics } from '@digitic/server-kit';
import { Counter, Gauge } from 'prom-client';

export type PaymentOutcome =
  | 'order_created'
  | 'replayed'
  | 'signature_invalid'
  | 'not_captured'
  | 'amount_mismatch'
  | 'out_of_stock'
  | 'another_customer'
  | 'provider_unreachable';

/** The api's Prometheus metrics, in a registry of its own (several apps can live in one test process). */
export function createApiMetrics(sources: {
  unsettledPayments: () => Promise<number>;
  pool?: () => { total: number; idle: number; waiting: number } | null;
}) {
  const { registry, observeRequest } = createHttpMetrics('api');
  const payments = new Counter({
    name: 'payment_outcomes_total',
    help: 'What became of the payments sent to create-order',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'payment_webhooks_total',
    help: 'Payment webhooks: received, verified, rejected (bad signature, malformed, stale), duplicate, processed, ignored',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const checkouts = new Counter({
    name: 'checkouts_total',
    help: 'Checkouts by outcome (started, reused, ordered by placeOrder/webhook/reconcile, failed, expired, refunded, refund_pending)',
    labelNames: ['outcome', 'source'],
    registers: [registry],
  });
  const reconciliations = new Counter({
    name: 'payment_reconciliation_runs_total',
    help: 'Reconciliation runs: ran, skipped (another runner holds the lease), failed',
    labelNames: ['result'],
    registers: [registry],
  });
  const reconciled = new Counter({
    name: 'payment_reconciliation_checkouts_total',
    help: 'What reconciliation did to checkouts: checked, ordered, refused, expired',
    labelNames: ['result'],
    registers: [registry],
  });
  const staffSignIns = new Counter({
    name: 'staff_sign_ins_total',
    help: 'Back-office sign-ins by outcome: signed_in, refused (wrong password or code), locked, throttled, invalid',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const transitions = new Counter({
    name: 'order_transitions_total',
    help: 'Order status changes by kind (from → to)',
    labelNames: ['from', 'to'],
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'refunds_total',
    help: 'Refunds processed by the provider, by source: staff, cancellation, return, provider (made at the provider), automatic (a payment that made no order)',
    labelNames: ['source'],
    registers: [registry],
  });
  const emails = new Counter({
    name: 'order_emails_total',
    help: 'Order e-mails sent to shoppers, by kind (shipped, delivered, cancelled, refunded, return-approved, return-rejected)',
    labelNames: ['kind'],
    registers: [registry],
  });
  new Gauge({
    name: 'unsettled_payments',
    help: 'Captured payments that made no order and are not refunded yet',
    registers: [registry],
    async collect() {
      this.set(await sources.unsettledPayments().catch(() => Number.NaN));
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on PGlite)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  return {
    registry,
    observeRequest,
    payment(outcome: PaymentOutcome) {
      payments.inc({ outcome });
    },
    webhook(outcome: string) {
      webhooks.inc({ outcome });
    },
    checkout(outcome: string, source = '') {
      checkouts.inc({ outcome, source });
    },
    staffSignIn(outcome: 'signed_in' | 'refused' | 'locked' | 'throttled' | 'invalid') {
      staffSignIns.inc({ outcome });
    },
    transition(from: string, to: string) {
      transitions.inc({ from, to });
    },
    refund(source: string) {
      refunds.inc({ source });
    },
    email(kind: string) {
      emails.inc({ kind });
    },
    reconciliation(result: 'ran' | 'skipped' | 'failed', counts?: Record<'checked' | 'ordered' | 'refused' | 'expired', number>) {
      reconciliations.inc({ result });
      for (const [k, v] of Object.entries(counts ?? {})) if (v > 0) reconciled.inc({ result: k }, v);
    },
  };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;
