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
    reconciliation(result: 'ran' | 'skipped' | 'failed', counts?: Record<'checked' | 'ordered' | 'refused' | 'expired', number>) {
      reconciliations.inc({ result });
      for (const [k, v] of Object.entries(counts ?? {})) if (v > 0) reconciled.inc({ result: k }, v);
    },
  };
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;
