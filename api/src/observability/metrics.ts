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
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const payments = counter('payment_outcomes_total', 'What became of the payments sent to create-order', ['outcome']);
  const webhooks = counter(
    'payment_webhooks_total',
    'Payment webhooks: received, verified, rejected (bad signature, malformed, stale), duplicate, processed, ignored',
    ['outcome'],
  );
  const checkouts = counter(
    'checkouts_total',
    'Checkouts by outcome (started, reused, ordered by placeOrder/webhook/reconcile, failed, expired, refunded, refund_pending)',
    ['outcome', 'source'],
  );
  const reconciliations = counter(
    'payment_reconciliation_runs_total',
    'Reconciliation runs: ran, skipped (another runner holds the lease), failed',
    ['result'],
  );
  const reconciled = counter(
    'payment_reconciliation_checkouts_total',
    'What reconciliation did to checkouts: checked, ordered, refused, expired',
    ['result'],
  );
  const staffSignIns = counter(
    'staff_sign_ins_total',
    'Back-office sign-ins by outcome: signed_in, refused (wrong password or code), locked, throttled, invalid',
    ['outcome'],
  );
  const transitions = counter('order_transitions_total', 'Order status changes by kind (from → to)', ['from', 'to']);
  const refunds = counter(
    'refunds_total',
    'Refunds processed by the provider, by source: staff, cancellation, return, provider (made at the provider), automatic (a payment that made no order)',
    ['source'],
  );
  const emails = counter(
    'order_emails_total',
    'Order e-mails sent to shoppers, by kind (shipped, delivered, cancelled, refunded, return-approved, return-rejected)',
    ['kind'],
  );
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
