import { readFileSync } from 'node:fs';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET, signPayment } from './keys.js';
import { SimStore } from './store.js';
import { WebhookSender, type WebhookSettings } from './webhooks.js';

export interface SimulatorOptions {
  keyId?: string;
  keySecret?: string;
  /** Webhooks: where to send them and how (see WebhookSettings); by default none are sent. */
  webhooks?: Partial<WebhookSettings>;
}

const checkoutScript = readFileSync(new URL('../public/checkout.js', import.meta.url), 'utf8');

// Razorpay answers every failure as { error: { code, description, ... } }.
function fail(res: Response, status: number, description: string, field?: string) {
  res.status(status).json({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });
}

/** What a read by id answers: the thing, or Razorpay's refusal of an id it does not have. */
function answer(res: Response, found: object | false | undefined) {
  if (!found) return fail(res, 400, 'The id provided does not exist');
  res.json(found);
}

/** A list as Razorpay sends one. */
const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

function basicAuth(keyId: string, keySecret: string) {
  const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.get('authorization') !== expected) return fail(res, 401, 'Authentication failed');
    next();
  };
}

function allowBrowser(_req: Request, res: Response, next: NextFunction) {
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Access-Control-Allow-Headers', 'Content-Type');
  res.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  next();
}

/** The simulator as an Express app: Razorpay's order and payment REST paths plus checkout.js. */
export function createSimulator(options: SimulatorOptions = {}) {
  const keyId = options.keyId ?? SIMULATOR_KEY_ID;
  const keySecret = options.keySecret ?? SIMULATOR_KEY_SECRET;
  const store = new SimStore();
  const webhooks = new WebhookSender({
    url: undefined,
    secret: SIMULATOR_WEBHOOK_SECRET,
    mode: 'deliver',
    delayMs: 0,
    retryBaseMs: 1_000,
    maxAttempts: 10,
    ...options.webhooks,
  });
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '16kb' }));

  app.get('/checkout.js', allowBrowser, (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-cache').send(checkoutScript);
  });

  const v1 = express.Router();
  v1.use(basicAuth(keyId, keySecret));
  v1.post('/orders', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { amount, currency = 'INR', receipt = null, notes = {} } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return fail(res, 400, 'The amount must be atleast INR 1.00', 'amount');
    }
    if (currency !== 'INR') return fail(res, 400, 'The currency must be INR', 'currency');
    if (receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
      return fail(res, 400, 'The receipt may not be greater than 40 characters.', 'receipt');
    }
    const noteMap = notes && typeof notes === 'object' ? (notes as Record<string, string>) : {};
    res.json(store.createOrder({ amount, currency, receipt, notes: noteMap }));
  });
  v1.get('/orders/:id', (req, res) => answer(res, store.orders.get(String(req.params.id))));
  v1.get('/orders/:id/payments', (req, res) => {
    const id = String(req.params.id);
    answer(res, store.orders.has(id) && collection([...store.payments.values()].filter((p) => p.order_id === id)));
  });
  v1.get('/payments/:id', (req, res) => answer(res, store.payments.get(String(req.params.id))));
  v1.get('/payments/:id/refunds', (req, res) => {
    const id = String(req.params.id);
    answer(res, store.payments.has(id) && collection([...store.refunds.values()].filter((r) => r.payment_id === id).reverse()));
  });
  v1.post('/payments/:id/refund', (req, res) => {
    const payment = store.payments.get(String(req.params.id));
    if (!payment) return fail(res, 400, 'The id provided does not exist');
    if (payment.status !== 'captured') return fail(res, 400, 'The payment has not been captured');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) return fail(res, 400, 'The payment has been fully refunded already');
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100 || amount > left) {
      return fail(res, 400, 'The refund amount provided is greater than amount captured', 'amount');
    }
    const notes = body.notes && typeof body.notes === 'object' ? (body.notes as Record<string, string>) : {};
    const receipt = typeof body.receipt === 'string' ? body.receipt.slice(0, 40) : null;
    const refund = store.refund(payment, amount, notes, receipt);
    webhooks.emit('refund.created', { refund, payment });
    webhooks.emit('refund.processed', { refund, payment });
    res.json(refund);
  });
  app.use('/v1', v1);

  // The webhook switch for tests and demos: where events go, and whether they are delivered, dropped or delayed.
  const control = express.Router();
  const keyOnly = basicAuth(keyId, keySecret);
  control.get('/webhooks', keyOnly, (_req, res) => {
    const { secret: _secret, ...settings } = webhooks.settings;
    res.json({ settings, deliveries: webhooks.deliveries });
  });
  control.put('/webhooks', keyOnly, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.mode !== undefined) {
      if (body.mode !== 'deliver' && body.mode !== 'drop' && body.mode !== 'delay')
        return fail(res, 400, 'mode is deliver, drop or delay', 'mode');
      webhooks.settings.mode = body.mode;
    }
    if (body.delayMs !== undefined) {
      if (typeof body.delayMs !== 'number' || !Number.isInteger(body.delayMs) || body.delayMs < 0) {
        return fail(res, 400, 'delayMs is a whole number of milliseconds', 'delayMs');
      }
      webhooks.settings.delayMs = body.delayMs;
    }
    const { secret: _secret, ...settings } = webhooks.settings;
    res.json({ settings });
  });
  control.post('/webhooks/:id/redeliver', keyOnly, (req, res) => {
    const delivery = webhooks.redeliver(String(req.params.id));
    if (!delivery) return fail(res, 404, 'No such webhook event');
    res.json(delivery);
  });
  app.use('/sim', control);

  // What the browser widget calls when the shopper pays or declines in the dialog.
  app.options('/sim/orders/:id/pay', allowBrowser, (_req, res) => {
    res.sendStatus(204);
  });
  app.post('/sim/orders/:id/pay', allowBrowser, (req, res) => {
    const order = store.orders.get(String(req.params.id));
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.key_id !== keyId) return fail(res, 401, 'Authentication failed');
    if (!order) return fail(res, 400, 'The id provided does not exist');
    if (order.status === 'paid') return fail(res, 400, 'This order has already been paid');
    const outcome = body.outcome === 'failure' ? 'failure' : 'success';
    const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : null);
    const payment = store.pay(order, outcome, { email: str(body.email), contact: str(body.contact) });
    if (outcome === 'failure') webhooks.emit('payment.failed', { payment });
    else {
      webhooks.emit('payment.captured', { payment });
      webhooks.emit('order.paid', { payment, order });
    }
    if (outcome === 'failure') {
      return res.status(400).json({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Your payment was declined. Please try again.',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      });
    }
    res.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: signPayment(order.id, payment.id, keySecret),
    });
  });

  app.use((_req, res) => fail(res, 404, 'The requested URL was not found on the server.'));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    fail(res, status && status >= 400 && status < 500 ? status : 500, 'The request could not be processed');
  });
  return { app, store, webhooks };
}
