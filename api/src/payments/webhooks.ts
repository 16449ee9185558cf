import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { DomainError, unavailable } from '../domain/errors.js';
import type { CheckoutsService } from '../checkout/service.js';
import type { OrderRefundsService } from '../refunds/order-refunds.js';

export type WebhookOutcome = 'received' | 'verified' | 'rejected' | 'duplicate' | 'processed' | 'ignored';

export interface WebhookDeps {
  db: Kysely<Database>;
  checkouts: CheckoutsService;
  /** Settles the refunds of orders (staff's, cancellations', returns') and records those made at the provider. */
  orderRefunds?: OrderRefundsService;
  /** After an order's refund is settled: its e-mail is sent now rather than at the next timer pass. */
  onOrderRefund?: () => Promise<unknown>;
  /** RAZORPAY_WEBHOOK_SECRET; without it the endpoint answers 503 (nothing is trusted unsigned). */
  secret: string | undefined;
  /** RAZORPAY_WEBHOOK_SECRET_PREVIOUS: also accepted, for events signed before the secret changed. */
  previousSecret?: string | undefined;
  /** Events older than this (by their created_at) are refused as stale replays. */
  maxAgeSeconds: number;
  log: (line: string, detail?: unknown) => void;
  count?: (o: WebhookOutcome) => void;
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, hex; compared in constant time. */
export function webhookSignatureValid(body: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}

const Payment = z.object({
  id: z.string().regex(/^pay_\w{6,40}$/),
  order_id: z.string().regex(/^order_\w{6,40}$/),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullish(),
});
const Order = z.object({ id: z.string().regex(/^order_\w{6,40}$/), status: z.string() });
const Refund = z.object({
  id: z.string().regex(/^rfnd_\w{6,40}$/),
  payment_id: z.string().regex(/^pay_\w{6,40}$/),
  amount: z.number().int().positive(),
  status: z.string(),
  receipt: z.string().max(100).nullish(),
  notes: z.union([z.record(z.string(), z.string()), z.array(z.unknown())]).optional(),
});
const Event = z.object({
  entity: z.literal('event'),
  event: z.string().min(1).max(100),
  created_at: z.number().int().positive(),
  payload: z.object({
    payment: z.object({ entity: Payment }).optional(),
    order: z.object({ entity: Order }).optional(),
    refund: z.object({ entity: Refund }).optional(),
  }),
});
type Event = z.infer<typeof Event>;

const reject = (message: string, code: 'BAD_REQUEST' | 'BAD_SIGNATURE' | 'STALE_EVENT' = 'BAD_REQUEST') => new DomainError(code, message);

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw reject(`The ${what} entity is missing from this event's payload`);
  return value;
}

/** What one verified event does to the shop; the answer names it. */
async function apply(deps: WebhookDeps, event: Event): Promise<{ outcome: string; providerOrderId: string | null }> {
  const { checkouts } = deps;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const payment = need(event.payload.payment?.entity, 'payment');
      const providerOrderId = event.event === 'order.paid' ? need(event.payload.order?.entity, 'order').id : payment.order_id;
      if (payment.status !== 'captured') return { outcome: `ignored: payment ${payment.status}`, providerOrderId };
      const done = await checkouts.complete(providerOrderId, payment, 'webhook');
      if (!done) return { outcome: 'ignored: no checkout of this shop', providerOrderId };
      if ('refused' in done) return { outcome: `refused: ${done.refused.kind}`, providerOrderId };
      return { outcome: done.created ? 'ordered' : 'already ordered', providerOrderId };
    }
    case 'payment.failed': {
      const payment = need(event.payload.payment?.entity, 'payment');
      const marked = await checkouts.markFailed(payment.order_id, payment.error_description);
      return { outcome: marked ? 'checkout failed' : 'ignored: checkout not open', providerOrderId: payment.order_id };
    }
    case 'refund.processed': {
      const refund = need(event.payload.refund?.entity, 'refund');
      const recorded = await checkouts.recordRefund(refund, 'webhook');
      const ofOrder = deps.orderRefunds ? await deps.orderRefunds.fromProvider(refund) : false;
      if (ofOrder) void deps.onOrderRefund?.();
      return { outcome: recorded || ofOrder ? 'refund recorded' : 'refund already known', providerOrderId: null };
    }
    default:
      return { outcome: `ignored: ${event.event} is not used`, providerOrderId: null };
  }
}

/**
 * POST /api/payments/razorpay/webhook. The signature is checked on the raw bytes before anything
 * is parsed; each event id counts once; every handler is idempotent by the provider order id, so
 * duplicates, replays, out-of-order events and a race with the browser's placeOrder make one order.
 */
export function webhookRoutes(deps: WebhookDeps): Router {
  const count = deps.count ?? (() => {});
  const router = Router();
  router.post('/payments/razorpay/webhook', express.raw({ type: () => true, limit: '256kb' }), async (req: Request, res: Response) => {
    count('received');
    if (!deps.secret) throw unavailable('Payment webhooks are not set up on this shop (RAZORPAY_WEBHOOK_SECRET)');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.get('x-razorpay-signature');
    const valid =
      webhookSignatureValid(body, signature, deps.secret) ||
      (deps.previousSecret !== undefined && webhookSignatureValid(body, signature, deps.previousSecret));
    if (!valid) {
      count('rejected');
      deps.log('webhook refused: missing or invalid X-Razorpay-Signature');
      throw reject('The webhook signature is missing or not valid', 'BAD_SIGNATURE');
    }
    const eventId = req.get('x-razorpay-event-id');
    if (!eventId || !/^[\w-]{1,100}$/.test(eventId)) {
      count('rejected');
      throw reject('The X-Razorpay-Event-Id header is missing or malformed');
    }
    let parsed: Event;
    try {
      const result = Event.safeParse(JSON.parse(body.toString('utf8')));
      if (!result.success) {
        const issue = result.error.issues[0];
        throw reject(`The event is not a Razorpay event: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim());
      }
      parsed = result.data;
    } catch (err) {
      count('rejected');
      if (err instanceof DomainError) throw err;
      throw reject('The webhook body is not valid JSON');
    }
    const ageSeconds = Date.now() / 1000 - parsed.created_at;
    if (ageSeconds > deps.maxAgeSeconds) {
      count('rejected');
      deps.log(`webhook ${eventId} refused: created ${Math.round(ageSeconds)} s ago (stale replay)`);
      throw reject(`The event was created ${Math.round(ageSeconds / 3600)} hours ago; stale events are not processed`, 'STALE_EVENT');
    }
    count('verified');
    const seen = await deps.db.selectFrom('webhook_events').select('outcome').where('event_id', '=', eventId).executeTakeFirst();
    if (seen) {
      count('duplicate');
      res.json({ status: 'duplicate', outcome: seen.outcome });
      return;
    }
    const { outcome, providerOrderId } = await apply(deps, parsed);
    await deps.db
      .insertInto('webhook_events')
      .values({ event_id: eventId, event: parsed.event, razorpay_order_id: providerOrderId, outcome })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    count(outcome.startsWith('ignored') ? 'ignored' : 'processed');
    deps.log(`webhook ${eventId} ${parsed.event}${providerOrderId ? ` for ${providerOrderId}` : ''}: ${outcome}`);
    res.json({ status: 'processed', outcome });
  });
  return router;
}
