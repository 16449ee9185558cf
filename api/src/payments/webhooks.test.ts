import { SIMULATOR_WEBHOOK_SECRET, signWebhook } from '@digitic/payment-simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListedProduct,
  newCustomer,
  payInSimulator,
  someProducts,
  startTestApi,
  type TestApi,
  type TestCustomer,
  setStock,
  stockOf,
} from '../test/harness.js';
import { createRazorpayProvider } from './provider.js';
import { reconcile, releaseLease, takeLease } from './reconcile.js';

// The shop learns of payments three ways (the browser's placeOrder, Razorpay's webhooks,
// reconciliation with the provider); each case below must make exactly one order, or none and a refund.

let api: TestApi;
let products: ListedProduct[];
beforeAll(async () => {
  api = await startTestApi({ webhooks: true });
  products = await someProducts(api, 'limit=8&sort=price');
});
afterAll(() => api.close());

const shippingInfo = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  other: 'Flat 4',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};

const db = () => api.database.db;
const webhookUrl = () => `${api.url}/payments/razorpay/webhook`;
const settings = { afterSeconds: 0, expireAfterSeconds: 3600 };

async function fill(c: TestCustomer, i = 0, quantity = 1) {
  const p = products[i] as ListedProduct;
  const res = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: p.color[0]?._id, quantity });
  expect(res.status).toBe(201);
  return p;
}

async function start(c: TestCustomer) {
  const res = await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo, amount: 1 });
  expect(res.status).toBe(201);
  return res.body.checkout as { _id: string; razorpayOrderId: string; total: number; amount: number; status: string };
}

const ordersOf = async (c: TestCustomer) => (await api.http.get('/api/user/getmyorders').set(c.auth)).body.orders as { _id: string }[];
const checkoutRow = (providerOrderId: string) =>
  db().selectFrom('checkouts').selectAll().where('razorpay_order_id', '=', providerOrderId).executeTakeFirstOrThrow();
const mailTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A Razorpay event as the simulator sends it, for a payment of `providerOrderId`. */
function capturedEvent(providerOrderId: string, paymentId: string, amount: number, createdAt = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_Test',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: { entity: { id: paymentId, entity: 'payment', order_id: providerOrderId, amount, currency: 'INR', status: 'captured' } },
    },
    created_at: createdAt,
  });
}

/** Pays in the simulator with its webhooks dropped: only placeOrder, a webhook sent by the test, or reconciliation can make the order. */
async function payWithoutWebhooks(providerOrderId: string) {
  api.sim.webhooks.settings.mode = 'drop';
  try {
    return await payInSimulator(api, providerOrderId);
  } finally {
    api.sim.webhooks.settings.mode = 'deliver';
  }
}

const deliver = (body: string, headers: Record<string, string | undefined>) =>
  fetch(webhookUrl(), {
    method: 'POST',
    headers: Object.fromEntries(
      Object.entries({ 'Content-Type': 'application/json', ...headers }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>,
    body,
  });
const signed = (body: string, eventId: string) =>
  deliver(body, { 'X-Razorpay-Signature': signWebhook(body, SIMULATOR_WEBHOOK_SECRET), 'X-Razorpay-Event-Id': eventId });

describe('POST /api/user/order/checkout', () => {
  it('records what is being paid for before the shopper pays, and names the customer at the provider', async () => {
    const c = await newCustomer(api);
    const p = await fill(c, 0, 2);
    const q = await fill(c, 1, 1);
    const checkout = await start(c);
    const total = p.price * 2 + q.price + 100;
    expect(checkout).toMatchObject({ status: 'started', amount: total * 100, total, subtotal: total - 100, shipping: 100 });
    const row = await checkoutRow(checkout.razorpayOrderId);
    expect(row).toMatchObject({ customer_id: c.id, status: 'started', subtotal: total - 100, shipping: 100, total, order_id: null });
    // Each line with its product's HSN code, rate and GST (checkout/tax.test.ts checks the amounts).
    const taxed = { hsnCode: expect.stringMatching(/^\d{4}$/), gstRate: 18, tax: expect.objectContaining({ rateBp: 1800 }) };
    expect(row.lines).toEqual([
      { productId: p._id, colorId: p.color[0]?._id, title: p.title, color: p.color[0]?.title, quantity: 2, price: p.price, ...taxed },
      { productId: q._id, colorId: q.color[0]?._id, title: q.title, color: q.color[0]?.title, quantity: 1, price: q.price, ...taxed },
    ]);
    expect(row.shipping_info).toEqual(shippingInfo);
    const order = await createRazorpayProvider(api.config.razorpay).fetchOrder(checkout.razorpayOrderId);
    expect(order).toMatchObject({ amount: total * 100, notes: { customer: c.id, checkout: row.id } });
    expect((await api.http.get(`/api/user/order/checkout/${checkout.razorpayOrderId}`).set(c.auth)).body.checkout.status).toBe('started');
    const other = await newCustomer(api);
    expect((await api.http.get(`/api/user/order/checkout/${checkout.razorpayOrderId}`).set(other.auth)).status).toBe(404);
  });

  it('refuses an empty cart, a bad address and a sold-out product, naming the problem', async () => {
    const c = await newCustomer(api);
    const empty = await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo });
    expect(empty.body).toMatchObject({ message: 'Your cart is empty', field: 'cart' });
    const p = await fill(c, 7);
    const noCity = await api.http
      .post('/api/user/order/checkout')
      .set(c.auth)
      .send({ shippingInfo: { ...shippingInfo, city: '' } });
    expect(noCity.status).toBe(400);
    expect(noCity.body.message).toBe('shippingInfo.city: city is Required');
    // Where the shop ships is enforced here, whatever client calls (the web's form only offers Gujarat, India).
    for (const [where, message] of [
      [{ state: 'Maharashtra' }, 'shippingInfo.state: We ship to Gujarat only'],
      [{ country: 'France' }, 'shippingInfo.country: We ship to India only'],
    ] as const) {
      const res = await api.http
        .post('/api/user/order/checkout')
        .set(c.auth)
        .send({ shippingInfo: { ...shippingInfo, ...where } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field: `shippingInfo.${Object.keys(where)[0]}` });
      const order = await api.http
        .post('/api/user/cart/create-order')
        .set(c.auth)
        .send({
          shippingInfo: { ...shippingInfo, ...where },
          paymentInfo: { razorpayOrderId: 'order_Anything0001', razorpayPaymentId: 'pay_Anything00001', razorpaySignature: 'x' },
        });
      expect(order.status).toBe(400);
      expect(order.body.message).toBe(message);
    }
    const eleven = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: p.color[0]?._id, quantity: 11 });
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toMatch(/Quantity must be a whole number from 1 to 10/);
    await setStock(db(), p._id, 0);
    const sold = await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo });
    expect(sold.status).toBe(409);
    expect(sold.body.message).toBe(`Sorry, ${p.title} in ${p.color[0]?.title} is out of stock`);
    await setStock(db(), p._id, 100);
  });
});

describe('webhooks', () => {
  it('makes the order from the webhook when the browser never calls placeOrder, and sends one confirmation', async () => {
    const c = await newCustomer(api);
    const p = await fill(c, 2, 3);
    const checkout = await start(c);
    const paid = await payInSimulator(api, checkout.razorpayOrderId);
    expect(paid.status).toBe(200);
    const orders = await until('the webhook to make the order', async () => {
      const o = await ordersOf(c);
      return o.length > 0 && o;
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      totalPrice: checkout.total,
      shippingInfo,
      orderItems: [{ product: { _id: p._id }, color: { _id: p.color[0]?._id, title: p.color[0]?.title }, quantity: 3, price: p.price }],
    });
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toEqual([]);
    expect(await checkoutRow(checkout.razorpayOrderId)).toMatchObject({ status: 'ordered', order_id: orders[0]?._id });
    const mails = await until('the confirmation', async () => {
      const m = await mailTo(c.email);
      return m.length > 0 && m;
    }).catch((err: unknown) => {
      throw new Error(`${(err as Error).message}; logs: ${api.logs.join('\n')}`);
    });
    const number = (orders[0]?._id as string).slice(0, 8).toUpperCase();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your Digitic order ${number} is confirmed`);
    for (const text of [mails[0]?.text, mails[0]?.html]) {
      expect(text).toContain(number);
      expect(text).toContain(p.title.replace(/"/g, text === mails[0]?.html ? '&quot;' : '"'));
      expect(text).toContain(p.color[0]?.title);
      expect(text).toContain(`Rs. ${(p.price * 3).toLocaleString('en-IN')}`);
      expect(text).toContain('Rs. 100');
      expect(text).toContain(`Rs. ${checkout.total.toLocaleString('en-IN')}`);
      expect(text).toContain('12 MG Road');
      expect(text).toContain('Surat, Gujarat 395003');
    }
    // The browser's placeOrder, arriving late, gets the same order.
    const late = await api.http
      .post('/api/user/cart/create-order')
      .set(c.auth)
      .send({
        shippingInfo,
        paymentInfo: {
          razorpayOrderId: paid.body.razorpay_order_id,
          razorpayPaymentId: paid.body.razorpay_payment_id,
          razorpaySignature: paid.body.razorpay_signature,
        },
      });
    expect(late.status).toBe(200);
    expect(late.body.order._id).toBe(orders[0]?._id);
    // order.paid came too (the simulator sends both, like Razorpay): still one order, one mail.
    await until('both events', async () =>
      api.sim.webhooks.deliveries.filter((d) => d.body.includes(checkout.razorpayOrderId) && d.status === 'delivered').length === 2
        ? true
        : null,
    );
    expect(await ordersOf(c)).toHaveLength(1);
    expect(await mailTo(c.email)).toHaveLength(1);
  });

  it('refuses a forged signature, the signature of another body, a missing header and a stale replay, changing nothing', async () => {
    const c = await newCustomer(api);
    const p = await fill(c, 3);
    const checkout = await start(c);
    const paid = await payWithoutWebhooks(checkout.razorpayOrderId);
    const body = capturedEvent(checkout.razorpayOrderId, paid.body.razorpay_payment_id as string, checkout.amount);
    const other = capturedEvent(checkout.razorpayOrderId, paid.body.razorpay_payment_id as string, checkout.amount + 100);
    const stale = capturedEvent(
      checkout.razorpayOrderId,
      paid.body.razorpay_payment_id as string,
      checkout.amount,
      Math.floor(Date.now() / 1000) - 3 * 86_400,
    );
    const cases = [
      deliver(body, { 'X-Razorpay-Signature': signWebhook(body, 'not the webhook secret'), 'X-Razorpay-Event-Id': 'EvtForged0001' }),
      deliver(body, { 'X-Razorpay-Signature': signWebhook(other, SIMULATOR_WEBHOOK_SECRET), 'X-Razorpay-Event-Id': 'EvtOther0001' }),
      deliver(body, { 'X-Razorpay-Event-Id': 'EvtMissing0001' }),
      deliver(body, { 'X-Razorpay-Signature': 'zz', 'X-Razorpay-Event-Id': 'EvtGarbage0001' }),
      signed(stale, 'EvtStale0001'),
      deliver(body, { 'X-Razorpay-Signature': signWebhook(body, SIMULATOR_WEBHOOK_SECRET) }),
    ];
    const answers = await Promise.all(cases);
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { code: string; message: string }[];
    expect(bodies.slice(0, 4).map((b) => b.code)).toEqual(['BAD_SIGNATURE', 'BAD_SIGNATURE', 'BAD_SIGNATURE', 'BAD_SIGNATURE']);
    expect(bodies[4]).toMatchObject({ code: 'STALE_EVENT', message: expect.stringMatching(/72 hours ago/) });
    expect(bodies[5]?.message).toMatch(/X-Razorpay-Event-Id/);
    expect(await ordersOf(c)).toEqual([]);
    expect(await checkoutRow(checkout.razorpayOrderId)).toMatchObject({ status: 'started', order_id: null });
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(1);
    const recorded = await db().selectFrom('webhook_events').select('event_id').where('event_id', 'like', 'Evt%0001').execute();
    expect(recorded).toEqual([]);
    expect((await stockOf(db(), p._id)).quantity).toBeGreaterThan(0);
  });

  it('answers a malformed event with valid signature 400 naming what is wrong', async () => {
    const notJson = '{"entity":';
    const res = await signed(notJson, 'EvtNotJson01');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('The webhook body is not valid JSON');
    const shapeless = JSON.stringify({ entity: 'event', event: 'payment.captured', created_at: 'yesterday', payload: {} });
    const bad = await signed(shapeless, 'EvtShapeless1');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^The event is not a Razorpay event: created_at/);
  });

  it('makes one order and sends one e-mail for the same event delivered 5 times', async () => {
    const c = await newCustomer(api);
    await fill(c, 4);
    const checkout = await start(c);
    const paid = await payWithoutWebhooks(checkout.razorpayOrderId);
    const body = capturedEvent(checkout.razorpayOrderId, paid.body.razorpay_payment_id as string, checkout.amount);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signed(body, `EvtFive${checkout.razorpayOrderId.slice(6)}`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // And again later, one by one, as Razorpay's redelivery would.
    for (let i = 0; i < 5; i++) expect((await signed(body, `EvtFive${checkout.razorpayOrderId.slice(6)}`)).status).toBe(200);
    expect(await ordersOf(c)).toHaveLength(1);
    await until('the confirmation', async () => (await mailTo(c.email)).length === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailTo(c.email)).toHaveLength(1);
  });

  it('makes exactly one order from 20 placeOrder calls racing 5 webhook deliveries of one payment', async () => {
    const c = await newCustomer(api);
    await fill(c, 5, 2);
    const checkout = await start(c);
    const paid = await payWithoutWebhooks(checkout.razorpayOrderId);
    const paymentInfo = {
      razorpayOrderId: paid.body.razorpay_order_id,
      razorpayPaymentId: paid.body.razorpay_payment_id,
      razorpaySignature: paid.body.razorpay_signature,
    };
    const body = capturedEvent(checkout.razorpayOrderId, paymentInfo.razorpayPaymentId as string, checkout.amount);
    const [places, hooks] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, () => api.http.post('/api/user/cart/create-order').set(c.auth).send({ shippingInfo, paymentInfo })),
      ),
      Promise.all(Array.from({ length: 5 }, (_, i) => signed(body, `EvtRace${i}${checkout.razorpayOrderId.slice(6)}`))),
    ]);
    expect(hooks.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(places.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const orders = await ordersOf(c);
    expect(orders).toHaveLength(1);
    expect(new Set(places.map((r) => r.body.order._id))).toEqual(new Set([orders[0]?._id]));
    await until('the confirmation', async () => (await mailTo(c.email)).length === 1);
  });

  it('refunds through the provider, tells the shopper and keeps the cart when the last unit sold before the webhook', async () => {
    const c = await newCustomer(api);
    const p = await fill(c, 6);
    const checkout = await start(c);
    // Someone else bought the last unit meanwhile.
    await setStock(db(), p._id, 0);
    const paid = await payInSimulator(api, checkout.razorpayOrderId);
    const row = await until('the refund', async () => {
      const r = await checkoutRow(checkout.razorpayOrderId);
      return r.status === 'refunded' && r;
    });
    expect(row).toMatchObject({
      order_id: null,
      failure_reason: `Sorry, ${p.title} in ${p.color[0]?.title} is out of stock. Your payment will be refunded.`,
    });
    expect(await ordersOf(c)).toEqual([]);
    const payment = await createRazorpayProvider(api.config.razorpay).fetchPayment(paid.body.razorpay_payment_id as string);
    expect(payment.amount_refunded).toBe(checkout.amount);
    const refunds = await db().selectFrom('payment_refunds').selectAll().where('razorpay_payment_id', '=', payment.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: checkout.amount, source: 'automatic' });
    const mails = await until('the refund notice', async () => {
      const m = await mailTo(c.email);
      return m.length > 0 && m;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your payment of Rs. ${checkout.total.toLocaleString('en-IN')} to Digitic has been refunded`);
    expect(mails[0]?.text).toContain(`out of stock: ${p.title}`);
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(1);
    // The browser's placeOrder for that payment says why, and makes nothing.
    const late = await api.http
      .post('/api/user/cart/create-order')
      .set(c.auth)
      .send({
        shippingInfo,
        paymentInfo: {
          razorpayOrderId: paid.body.razorpay_order_id,
          razorpayPaymentId: paid.body.razorpay_payment_id,
          razorpaySignature: paid.body.razorpay_signature,
        },
      });
    expect(late.status).toBe(409);
    expect(await ordersOf(c)).toEqual([]);
    // refund.processed arrived from the simulator too: recorded once.
    await until('refund.processed', async () =>
      api.sim.webhooks.deliveries.some((d) => d.event === 'refund.processed' && d.body.includes(payment.id) && d.status === 'delivered'),
    );
    expect(await db().selectFrom('payment_refunds').selectAll().where('razorpay_payment_id', '=', payment.id).execute()).toHaveLength(1);
    await setStock(db(), p._id, 50);
  });

  it('marks a failed payment failed, keeps the cart, and lets the shopper pay again', async () => {
    const c = await newCustomer(api);
    await fill(c, 0);
    const checkout = await start(c);
    const declined = await payInSimulator(api, checkout.razorpayOrderId, 'failure');
    expect(declined.status).toBe(400);
    const failed = await until('payment.failed', async () => {
      const r = await checkoutRow(checkout.razorpayOrderId);
      return r.status === 'failed' && r;
    });
    expect(failed.failure_reason).toBe('Payment declined in the payment simulator');
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(1);
    expect(await ordersOf(c)).toEqual([]);
    const again = await start(c);
    expect(again.razorpayOrderId).not.toBe(checkout.razorpayOrderId);
    expect((await payInSimulator(api, again.razorpayOrderId)).status).toBe(200);
    await until('the order', async () => (await ordersOf(c)).length === 1);
    expect(await checkoutRow(checkout.razorpayOrderId)).toMatchObject({ status: 'failed' });
  });

  it('accepts the previous secret after a change in the dashboard, and no other', async () => {
    const rotated = await startTestApi({
      env: { RAZORPAY_WEBHOOK_SECRET: 'the-new-webhook-secret', RAZORPAY_WEBHOOK_SECRET_PREVIOUS: 'the-old-webhook-secret' },
      seed: false,
    });
    try {
      const body = JSON.stringify({ entity: 'event', event: 'payment.authorized', created_at: Math.floor(Date.now() / 1000), payload: {} });
      const post = (secret: string, id: string) =>
        rotated.http
          .post('/api/payments/razorpay/webhook')
          .set({ 'Content-Type': 'application/json', 'X-Razorpay-Signature': signWebhook(body, secret), 'X-Razorpay-Event-Id': id })
          .send(body);
      expect((await post('the-new-webhook-secret', 'EvtNewSecret1')).status).toBe(200);
      expect((await post('the-old-webhook-secret', 'EvtOldSecret1')).status).toBe(200);
      expect((await post(SIMULATOR_WEBHOOK_SECRET, 'EvtSimSecret1')).status).toBe(400);
    } finally {
      await rotated.close();
    }
  });

  it('answers 503 and trusts nothing when no webhook secret is set', async () => {
    const bare = await startTestApi({ env: { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'y' }, seed: false });
    try {
      const res = await bare.http.post('/api/payments/razorpay/webhook').set('Content-Type', 'application/json').send('{}');
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/RAZORPAY_WEBHOOK_SECRET/);
    } finally {
      await bare.close();
    }
  });
});

describe('reconciliation', () => {
  it('makes the order of a payment whose webhooks were dropped, once however often it runs, and expires unpaid checkouts', async () => {
    const c = await newCustomer(api);
    await fill(c, 1);
    const checkout = await start(c);
    await payWithoutWebhooks(checkout.razorpayOrderId);
    const idle = await newCustomer(api);
    await fill(idle, 2);
    const unpaid = await start(idle);
    expect(await ordersOf(c)).toEqual([]);

    const deps = { db: db(), payments: createRazorpayProvider(api.config.razorpay), checkouts: api.services.checkouts };
    // (Earlier cases here left paid checkouts whose webhooks were dropped too: reconciliation orders those as well.)
    const first = await reconcile(deps, settings);
    expect(first.errors).toEqual([]);
    expect(first.ordered).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(c)).toHaveLength(1);
    const second = await reconcile(deps, settings);
    expect(second.ordered).toBe(0);
    expect(await ordersOf(c)).toHaveLength(1);
    await until('the confirmation', async () => (await mailTo(c.email)).length === 1);
    expect((await checkoutRow(unpaid.razorpayOrderId)).status).toBe('started');

    // Two runs at once (two apis whose leases overlapped): still each checkout handled once.
    const d = await newCustomer(api);
    await fill(d, 3);
    const third = await start(d);
    await payWithoutWebhooks(third.razorpayOrderId);
    const both = await Promise.all([reconcile(deps, settings), reconcile(deps, settings)]);
    expect(both.map((r) => r.ordered).sort()).toEqual([0, 1]);
    expect(await ordersOf(d)).toHaveLength(1);

    await reconcile(deps, { afterSeconds: 0, expireAfterSeconds: 0 });
    expect((await checkoutRow(unpaid.razorpayOrderId)).status).toBe('expired');
    expect((await api.http.get('/api/user/cart').set(idle.auth)).body).toHaveLength(1);
  });

  it('asks about an open checkout again only after a quarter of its age, and once more when it expires', async () => {
    const c = await newCustomer(api);
    await fill(c, 4);
    const open = await start(c);
    const deps = { db: db(), payments: createRazorpayProvider(api.config.razorpay), checkouts: api.services.checkouts };
    // Its age is set by hand (created_at is not updatable through the typed builder, on purpose).
    const set = (minutesOld: number, checkedMinutesAgo: number | null) =>
      sql`update checkouts set created_at = ${new Date(Date.now() - minutesOld * 60_000)},
            last_checked_at = ${checkedMinutesAgo === null ? null : new Date(Date.now() - checkedMinutesAgo * 60_000)}
          where razorpay_order_id = ${open.razorpayOrderId}`.execute(db());
    const checkedNow = async (expireAfterSeconds = 7200) => {
      await reconcile(deps, { afterSeconds: 0, expireAfterSeconds });
      const row = await checkoutRow(open.razorpayOrderId);
      // Checked by this run (a loaded machine may take seconds), not the minute before it was set to.
      return row.last_checked_at !== null && Date.now() - row.last_checked_at.getTime() < 30_000;
    };
    await set(60, null);
    expect(await checkedNow()).toBe(true);
    await set(60, 1);
    expect(await checkedNow()).toBe(false);
    await set(60, 20);
    expect(await checkedNow()).toBe(true);
    await set(60, 1);
    expect(await checkedNow(1800)).toBe(true);
    expect((await checkoutRow(open.razorpayOrderId)).status).toBe('expired');
  });

  it('lets one runner at a time hold the lease', async () => {
    expect(await takeLease(db(), 'api-a', 60)).toBe(true);
    expect(await takeLease(db(), 'api-b', 60)).toBe(false);
    await releaseLease(db(), 'api-a');
    // A timer's run skips when another finished moments ago; a run by hand does not.
    expect(await takeLease(db(), 'api-b', 60, 30)).toBe(false);
    expect(await takeLease(db(), 'api-b', 60, 0)).toBe(true);
    await releaseLease(db(), 'api-b');
  });
});
