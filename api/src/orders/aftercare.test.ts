import { RETURN_STATUSES, RETURN_TRANSITIONS, type ReturnStatus, SHIPPING_FEE, toPaise } from '@digitic/shop-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../audit/actor.js';
import { unavailable } from '../domain/errors.js';
import type { PaymentProvider } from '../payments/provider.js';
import { type ListedProduct, newCustomer, placeOrder, someProducts, startTestApi, stockOf, type TestApi } from '../test/harness.js';
import { orderRefundsService } from '../refunds/order-refunds.js';
import { moveOrder } from './order-state.js';
import { moveReturn } from '../returns/return-state.js';
import { OrderListQuery } from './desk-list.js';

// After the sale, through the real api, its database and the payment simulator: cancelling, refunds by
// lines, the provider's refund webhooks, returns, and the e-mails each step owes the shopper (once).

let api: TestApi;
let product: ListedProduct;
beforeAll(async () => {
  api = await startTestApi({ webhooks: true });
  [product] = (await someProducts(api, 'limit=1&sort=-price')) as [ListedProduct];
});
afterAll(() => api.close());

const STAFF: Actor = { kind: 'staff', id: 'test-staff', label: 'desk@example.com' };
const SHIPMENT = { carrier: 'Delhivery', trackingNumber: 'DL987654321IN', trackingUrl: 'https://track.example/DL987654321IN' };
const db = () => api.database.db;

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stockNow = async (id: string) => {
  const { quantity, sold } = await stockOf(db(), id);
  return { quantity, sold };
};
const refundedAtProvider = async (paymentId: string) => (await api.services.payments.fetchPayment(paymentId)).amount_refunded ?? 0;
const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);
const itemsOf = (orderId: string) =>
  db().selectFrom('order_items').select(['id', 'quantity', 'price']).where('order_id', '=', orderId).execute();

async function deliver(orderId: string) {
  for (const to of ['Processed', 'Shipped', 'Out For Delivery', 'Delivered'] as const) {
    await moveOrder(db(), orderId, { to, actor: STAFF, shipment: SHIPMENT });
  }
}

describe('a shopper cancels', () => {
  it('before it ships: the order is Cancelled, refunded in full at the provider, the stock is back, and two e-mails go once', async () => {
    const stock = await stockNow(product._id);
    const { orderId, customer, paymentId } = await placeOrder(api, product, { quantity: 2 });
    expect((await stockNow(product._id)).quantity).toBe(stock.quantity - 2);

    const res = await api.http.post(`/api/user/orders/${orderId}/cancel`).set(customer.auth).send({});
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ orderStatus: 'Cancelled', canCancel: false, cancelledAt: expect.any(String) });
    const paid = toPaise(product.price * 2 + SHIPPING_FEE);
    expect(res.body.order.refunds).toEqual([expect.objectContaining({ amount: paid / 100, state: 'processed' })]);
    expect(await refundedAtProvider(paymentId)).toBe(paid);
    expect(await stockNow(product._id)).toEqual(stock);

    await api.services.notices.flush();
    await Promise.all([api.services.notices.flush(), api.services.notices.flush(), api.services.reconcile()]);
    const mails = await mailsTo(customer.email);
    expect(mails.filter((m) => /has been cancelled/.test(m.subject))).toHaveLength(1);
    const refunded = mails.filter((m) => /refunded for your/.test(m.subject));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.text).toContain(`Rs. ${(paid / 100).toLocaleString('en-IN')}`);
    expect(refunded[0]?.html).toContain('<p>');

    const timeline = await db()
      .selectFrom('order_events')
      .select(['kind', 'to_status', 'actor_kind'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['placed', 'status', 'refund', 'email']));
    const audit = await db().selectFrom('audit_log').select(['action', 'actor_kind']).where('subject_id', '=', orderId).execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'order.status', actor_kind: 'shopper' },
        { action: 'order.refund', actor_kind: 'shopper' },
      ]),
    );

    // Once only: a second cancel is refused, and nothing more is refunded.
    const again = await api.http.post(`/api/user/orders/${orderId}/cancel`).set(customer.auth).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already cancelled');
    expect(await refundedAtProvider(paymentId)).toBe(paid);
  });

  it('refuses someone else’s order as not found, and a shipped order with what to do instead', async () => {
    const { orderId, customer } = await placeOrder(api, product);
    const stranger = await newCustomer(api);
    const theirs = await api.http.post(`/api/user/orders/${orderId}/cancel`).set(stranger.auth).send({});
    expect(theirs.status).toBe(404);
    expect((await api.http.post(`/api/user/orders/${orderId}/cancel`).send({})).status).toBe(401);

    await moveOrder(db(), orderId, { to: 'Processed', actor: STAFF });
    await moveOrder(db(), orderId, { to: 'Shipped', actor: STAFF, shipment: SHIPMENT });
    const shipped = await api.http.post(`/api/user/orders/${orderId}/cancel`).set(customer.auth).send({});
    expect(shipped.status).toBe(409);
    expect(shipped.body).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'This order has shipped and can no longer be cancelled. Once it is delivered, you can ask for a return.',
    });
  });

  it('shows the shopper the tracking once shipped, and e-mails Shipped (with tracking) and Delivered once each', async () => {
    const { orderId, customer } = await placeOrder(api, product);
    await deliver(orderId);
    await Promise.all([api.services.notices.flush(), api.services.notices.flush()]);
    const mine = await api.http.get(`/api/user/orders/${orderId}`).set(customer.auth);
    expect(mine.body.order).toMatchObject({
      orderStatus: 'Delivered',
      shipment: { carrier: SHIPMENT.carrier, trackingNumber: SHIPMENT.trackingNumber, trackingUrl: SHIPMENT.trackingUrl },
      shippedAt: expect.any(String),
      deliveredAt: expect.any(String),
      canCancel: false,
      returnUntil: expect.any(String),
    });
    const mails = await mailsTo(customer.email);
    const shipped = mails.filter((m) => /has shipped/.test(m.subject));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text).toContain(SHIPMENT.trackingNumber);
    expect(shipped[0]?.html).toContain(`href="${SHIPMENT.trackingUrl}"`);
    expect(mails.filter((m) => /has been delivered/.test(m.subject))).toHaveLength(1);
    expect((await api.http.get(`/api/user/orders/${orderId}`).set((await newCustomer(api)).auth)).status).toBe(404);
  });
});

describe('refunds by staff', () => {
  it('refunds chosen lines at the price paid, never more than is left, and the rest in full', async () => {
    const { orderId, paymentId } = await placeOrder(api, product, { quantity: 3 });
    const [item] = (await itemsOf(orderId)) as [{ id: string; quantity: number; price: number }];
    const stock = await stockNow(product._id);

    const one = await api.services.ordersDesk.refund(
      orderId,
      { lines: [{ itemId: item.id, quantity: 1 }], reason: 'Scratched', restock: true, version: 0 },
      STAFF,
    );
    expect(one.payment.refunds).toEqual([
      expect.objectContaining({ amountPaise: toPaise(item.price), state: 'processed', restocked: true }),
    ]);
    expect(await refundedAtProvider(paymentId)).toBe(toPaise(item.price));
    expect((await stockNow(product._id)).quantity).toBe(stock.quantity + 1);
    // The refund changed the order: a desk that read it before is told so.
    await expect(
      api.services.ordersDesk.refund(orderId, { lines: [{ itemId: item.id, quantity: 1 }], reason: 'Stale', version: 0 }, STAFF),
    ).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });

    // Three units ordered, one refunded: three more is too many.
    await expect(
      api.services.ordersDesk.refund(orderId, { lines: [{ itemId: item.id, quantity: 3 }], reason: 'Again', version: one.version }, STAFF),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Only 2 of the 3 units of this line are left to refund' });
    await expect(
      api.services.ordersDesk.refund(
        orderId,
        { lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: 'x', version: one.version },
        STAFF,
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.services.ordersDesk.refund(orderId, { reason: '  ', version: one.version }, STAFF)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      field: 'reason',
    });

    // The rest, shipping included; then nothing is left.
    const rest = await api.services.ordersDesk.refund(orderId, { reason: 'Goodwill', version: one.version }, STAFF);
    const paid = toPaise(item.price * 3 + SHIPPING_FEE);
    expect(rest.payment).toMatchObject({ refundedPaise: paid, leftToRefundPaise: 0 });
    expect(await refundedAtProvider(paymentId)).toBe(paid);
    await expect(api.services.ordersDesk.refund(orderId, { reason: 'Once more', version: rest.version }, STAFF)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This order has been refunded in full already',
    });
  });

  it('lets only one of two refunds at once take what is left', async () => {
    const { orderId, paymentId } = await placeOrder(api, product);
    const results = await Promise.allSettled([
      api.services.ordersDesk.refund(orderId, { reason: 'First desk', version: 0 }, STAFF),
      api.services.ordersDesk.refund(orderId, { reason: 'Second desk', version: 0 }, STAFF),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(await refundedAtProvider(paymentId)).toBe(toPaise(product.price + SHIPPING_FEE));
  });

  it('never refunds twice: a refund made before a crash is found at the provider by its receipt', async () => {
    const { orderId, paymentId } = await placeOrder(api, product);
    // Recorded, then the provider refunds it, then the process stops before writing the answer down.
    const refund = await db()
      .transaction()
      .execute(async (trx) =>
        (await import('../refunds/record.js')).recordOrderRefund(trx, orderId, {
          reason: 'Crash test',
          source: 'staff',
          actor: STAFF,
        }),
      );
    await api.services.payments.refund(paymentId, refund.amount, { shop_refund: refund.id }, refund.id);
    const after = await api.services.orderRefunds.send(refund.id);
    expect(after).toMatchObject({ state: 'processed', provider_refund_id: expect.stringMatching(/^rfnd_/) });
    expect(await refundedAtProvider(paymentId)).toBe(refund.amount);
  });

  it('keeps a refund the provider could not take as requested, and the timer sends it later', async () => {
    const { orderId, paymentId } = await placeOrder(api, product);
    const down: PaymentProvider = {
      ...api.services.payments,
      refund: () => Promise.reject(unavailable('The payment provider is unreachable; nothing was refunded. Please try again.')),
    };
    const offline = orderRefundsService({ db: db(), payments: down, log: () => {} });
    const refund = await db()
      .transaction()
      .execute(async (trx) =>
        (await import('../refunds/record.js')).recordOrderRefund(trx, orderId, {
          reason: 'Provider down',
          source: 'staff',
          actor: STAFF,
        }),
      );
    expect(await offline.send(refund.id)).toMatchObject({ state: 'requested', attempts: 1 });
    expect(await refundedAtProvider(paymentId)).toBe(0);
    const retried = await api.services.orderRefunds.retry(0);
    expect(retried.sent).toBeGreaterThanOrEqual(1);
    expect(await refundedAtProvider(paymentId)).toBe(refund.amount);
    expect((await db().selectFrom('order_refunds').select('state').where('id', '=', refund.id).executeTakeFirstOrThrow()).state).toBe(
      'processed',
    );
  });

  it('records a refund made at the provider itself from its refund.processed webhook, once', async () => {
    const { orderId, paymentId, customer } = await placeOrder(api, product);
    const made = await api.services.payments.refund(paymentId, 10_000, { by: 'dashboard' });
    const row = await until('the webhook’s refund', () =>
      db().selectFrom('order_refunds').selectAll().where('provider_refund_id', '=', made.id).executeTakeFirst(),
    );
    expect(row).toMatchObject({ order_id: orderId, amount: 10_000, state: 'processed', source: 'provider', actor_kind: 'webhook' });
    await api.services.notices.flush();
    expect((await mailsTo(customer.email)).filter((m) => /refunded for your/.test(m.subject))).toHaveLength(1);
    // The event again (a redelivery): nothing new.
    expect(await api.services.orderRefunds.fromProvider(made)).toBe(false);
    expect(await db().selectFrom('order_refunds').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });
});

describe('returns', () => {
  it('delivered → requested by the shopper → approved → received → refunded and restocked, each e-mail once', async () => {
    const { orderId, customer, paymentId } = await placeOrder(api, product, { quantity: 2 });
    const [item] = (await itemsOf(orderId)) as [{ id: string; price: number; quantity: number }];
    const early = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Damaged or defective' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A return can be asked for once the order is delivered');
    await deliver(orderId);

    const bad = await api.http.post(`/api/user/orders/${orderId}/returns`).set(customer.auth).send({ lines: [], reason: 'Because' });
    expect(bad.status).toBe(400);
    const tooMany = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 3 }], reason: 'Other' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 2 of this item can still be returned');

    const asked = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Damaged or defective', comment: 'The left cup rattles' });
    expect(asked.status).toBe(201);
    const ret = asked.body.order.returns[0];
    expect(ret).toMatchObject({ status: 'Requested', reason: 'Damaged or defective', comment: 'The left cup rattles' });

    // The shop's moves, each checked against the return's lifecycle.
    await expect(api.services.returns.move(ret._id, { to: 'Received', version: 0 }, STAFF)).rejects.toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
    });
    await expect(api.services.returns.refund(ret._id, { version: 0, restock: true }, STAFF)).rejects.toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
    });
    const approved = await api.services.returns.move(ret._id, { to: 'Approved', version: 0, note: 'Use the prepaid label' }, STAFF);
    expect(approved).toMatchObject({ status: 'Approved', version: 1 });
    await expect(api.services.returns.move(ret._id, { to: 'Received', version: 0 }, STAFF)).rejects.toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    await api.services.returns.move(ret._id, { to: 'Received', version: 1 }, STAFF);
    const stock = await stockNow(product._id);
    const refunded = await api.services.returns.refund(ret._id, { version: 2, restock: true }, STAFF);
    expect(refunded).toMatchObject({
      status: 'Refunded',
      restocked: true,
      refund: { amountPaise: toPaise(item.price), state: 'processed' },
    });
    expect(await refundedAtProvider(paymentId)).toBe(toPaise(item.price));
    expect((await stockNow(product._id)).quantity).toBe(stock.quantity + 1);

    await Promise.all([api.services.notices.flush(), api.services.notices.flush()]);
    const mails = await mailsTo(customer.email);
    expect(mails.filter((m) => /return for .* is approved/.test(m.subject))).toHaveLength(1);
    expect(mails.find((m) => /is approved/.test(m.subject))?.text).toContain('Use the prepaid label');
    expect(mails.filter((m) => /refunded for your/.test(m.subject))).toHaveLength(1);

    // The other unit may still be returned; the refunded one may not.
    const second = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 2 }], reason: 'No longer needed' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Only 1 of this item can still be returned');
  });

  it('a rejection says why, and the shopper is told once; nobody returns past the window or someone else’s order', async () => {
    const { orderId, customer } = await placeOrder(api, product);
    const [item] = (await itemsOf(orderId)) as [{ id: string; price: number; quantity: number }];
    await deliver(orderId);
    const stranger = await newCustomer(api);
    const theirs = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(stranger.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Other' });
    expect(theirs.status).toBe(404);

    const asked = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'No longer needed' });
    const ret = asked.body.order.returns[0];
    await expect(api.services.returns.move(ret._id, { to: 'Rejected', version: 0 }, STAFF)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      field: 'note',
    });
    await api.services.returns.move(ret._id, { to: 'Rejected', version: 0, note: 'Opened software cannot be returned' }, STAFF);
    await api.services.notices.flush();
    const rejected = (await mailsTo(customer.email)).filter((m) => /was not approved/.test(m.subject));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.text).toContain('Opened software cannot be returned');

    // Delivered 15 days ago: past the 14-day window the shop advertises.
    await sql`update orders set delivered_at = now() - interval '15 days' where id = ${orderId}`.execute(db());
    const late = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Other' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Returns are accepted within 14 days of delivery; this order was delivered longer ago');
    expect((await api.http.get(`/api/user/orders/${orderId}`).set(customer.auth)).body.order.returnUntil).toBeNull();
  });
});

describe('staff cancel', () => {
  it('needs a reason and the version read; refunds in full and puts the stock back', async () => {
    const { orderId, paymentId } = await placeOrder(api, product);
    await expect(api.services.ordersDesk.cancel(orderId, { version: 0, reason: '' }, STAFF)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await moveOrder(db(), orderId, { to: 'Processed', actor: STAFF });
    await expect(api.services.ordersDesk.cancel(orderId, { version: 0, reason: 'Out of stock' }, STAFF)).rejects.toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    const cancelled = await api.services.ordersDesk.cancel(orderId, { version: 1, reason: 'Out of stock at the warehouse' }, STAFF);
    expect(cancelled).toMatchObject({ status: 'Cancelled', payment: { leftToRefundPaise: 0 } });
    expect(await refundedAtProvider(paymentId)).toBe(toPaise(product.price + SHIPPING_FEE));
    const status = await api.services.ordersDesk
      .move(orderId, { to: 'Shipped', version: cancelled.version, shipment: SHIPMENT }, STAFF)
      .catch((e: unknown) => e);
    expect(status).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'The order is Cancelled; its status cannot change any more' });
  });
});

describe('the desk’s filters and the metrics', () => {
  it('finds orders by where their payment stands and by the shop’s days', async () => {
    const refunded = await placeOrder(api, product);
    const untouched = await placeOrder(api, product);
    await api.services.ordersDesk.refund(refunded.orderId, { reason: 'Goodwill', version: 0 }, STAFF);
    const ids = async (query: Record<string, string>) =>
      (await api.services.ordersDesk.list(OrderListQuery.parse({ pageSize: 100, ...query }))).items.map((o) => o.id);
    expect(await ids({ payment: 'refunded' })).toContain(refunded.orderId);
    expect(await ids({ payment: 'refunded' })).not.toContain(untouched.orderId);
    expect(await ids({ payment: 'not_refunded' })).toContain(untouched.orderId);
    expect(await ids({ payment: 'not_refunded' })).not.toContain(refunded.orderId);
    expect(await ids({ payment: 'refund_in_progress' })).not.toContain(refunded.orderId);
    // Today in India holds the new orders; yesterday does not.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
    expect(await ids({ from: today, to: today })).toContain(untouched.orderId);
    expect(await ids({ from: yesterday, to: yesterday })).not.toContain(untouched.orderId);
    const page = await api.services.ordersDesk.list(OrderListQuery.parse({}));
    expect(page).toMatchObject({ totalExact: true, total: expect.any(Number) });
  });

  it('counts staff sign-ins by outcome, order transitions, refunds by source and order e-mails', async () => {
    const bad = await api.http
      .post('/api/admin/session')
      .send({ email: 'nobody@example.com', password: 'wrong password here', code: '123456' });
    expect(bad.status).toBe(401);
    const { orderId } = await placeOrder(api, product);
    await api.services.ordersDesk.move(orderId, { to: 'Processed', version: 0 }, STAFF);
    await api.services.ordersDesk.cancel(orderId, { version: 1, reason: 'Damaged in the warehouse' }, STAFF);
    await api.services.notices.flush();
    const metrics = (await api.http.get('/metrics')).text;
    expect(metrics).toMatch(/staff_sign_ins_total\{outcome="refused"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/order_transitions_total\{from="Ordered",to="Processed"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/order_transitions_total\{from="Processed",to="Cancelled"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/refunds_total\{source="cancellation"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/order_emails_total\{kind="cancelled"[^}]*\} [1-9]/);
  });
});

describe('what the review found (each fails without its fix)', () => {
  it('never puts a unit back in stock twice: a restocked line refund, then a cancellation', async () => {
    const stock = await stockNow(product._id);
    const { orderId, customer } = await placeOrder(api, product, { quantity: 2 });
    const [item] = (await itemsOf(orderId)) as [{ id: string; price: number; quantity: number }];
    await api.services.ordersDesk.refund(
      orderId,
      { lines: [{ itemId: item.id, quantity: 1 }], reason: 'Dented', restock: true, version: 0 },
      STAFF,
    );
    expect((await stockNow(product._id)).quantity).toBe(stock.quantity - 1);
    const cancelled = await api.http.post(`/api/user/orders/${orderId}/cancel`).set(customer.auth).send({});
    expect(cancelled.status).toBe(200);
    expect((await stockNow(product._id)).quantity).toBe(stock.quantity);
  });

  it('settles a shop refund from the provider only for its own payment and amount', async () => {
    const victim = await placeOrder(api, product);
    const refund = await db()
      .transaction()
      .execute(async (trx) =>
        (await import('../refunds/record.js')).recordOrderRefund(trx, victim.orderId, {
          reason: 'Pending',
          source: 'staff',
          actor: STAFF,
        }),
      );
    // A refund on another order's payment, whose note names the victim's refund (typed in the provider's dashboard).
    const other = await placeOrder(api, product);
    const forged = await api.services.payments.refund(other.paymentId, 10_000, { shop_refund: refund.id });
    await api.services.orderRefunds.fromProvider({ ...forged, receipt: refund.id });
    expect(
      await db().selectFrom('order_refunds').select(['state', 'provider_refund_id']).where('id', '=', refund.id).executeTakeFirstOrThrow(),
    ).toEqual({
      state: 'requested',
      provider_refund_id: null,
    });
    const onOther = await db()
      .selectFrom('order_refunds')
      .select(['source', 'amount'])
      .where('provider_refund_id', '=', forged.id)
      .executeTakeFirst();
    expect(onOther).toEqual({ source: 'provider', amount: 10_000 });
  });

  it('keeps units on their way back in a return out of a line refund, and takes no return of an order refunded in full', async () => {
    const { orderId, customer } = await placeOrder(api, product);
    const [item] = (await itemsOf(orderId)) as [{ id: string; price: number; quantity: number }];
    await deliver(orderId);
    const asked = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Other' });
    expect(asked.status).toBe(201);
    const version = (await api.services.ordersDesk.get(orderId)).version;
    await expect(
      api.services.ordersDesk.refund(orderId, { lines: [{ itemId: item.id, quantity: 1 }], reason: 'Twice', version }, STAFF),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Every unit of this line has been refunded already' });

    const full = await placeOrder(api, product);
    const [fullItem] = (await itemsOf(full.orderId)) as [{ id: string; price: number; quantity: number }];
    await deliver(full.orderId);
    await api.services.ordersDesk.refund(
      full.orderId,
      { reason: 'Goodwill', version: (await api.services.ordersDesk.get(full.orderId)).version },
      STAFF,
    );
    const late = await api.http
      .post(`/api/user/orders/${full.orderId}/returns`)
      .set(full.customer.auth)
      .send({ lines: [{ itemId: fullItem.id, quantity: 1 }], reason: 'Other' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This order has been refunded in full: there is nothing to return');
  });

  it('answers 404, not a fault, for an order id that is not one', async () => {
    const customer = await newCustomer(api);
    expect((await api.http.get('/api/user/orders/not-an-id').set(customer.auth)).status).toBe(404);
    expect(
      (
        await api.http
          .post('/api/user/orders/not-an-id/returns')
          .set(customer.auth)
          .send({ lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], reason: 'Other' })
      ).status,
    ).toBe(404);
  });

  it('puts a customer look-up in the audit trail', async () => {
    const customer = await newCustomer(api);
    await api.services.customersDesk.lookup(customer.email.slice(0, 8), STAFF);
    const row = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.searched')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_kind: 'staff',
      after: { queryKey: api.services.lookups.keyOf(customer.email.slice(0, 8)), found: expect.any(Number) },
    });
  });
});

describe('the return state machine', () => {
  /** A return of a delivered order, moved along the allowed way to `status`. */
  async function returnAt(status: ReturnStatus): Promise<string> {
    const { orderId, customer } = await placeOrder(api, product);
    const [item] = (await itemsOf(orderId)) as [{ id: string; price: number; quantity: number }];
    await deliver(orderId);
    const asked = await api.services.returns.request(
      customer.id,
      orderId,
      { lines: [{ itemId: item.id, quantity: 1 }], reason: 'Other' },
      STAFF,
    );
    const way: Record<ReturnStatus, ReturnStatus[]> = {
      Requested: [],
      Approved: ['Approved'],
      Rejected: ['Rejected'],
      Received: ['Approved', 'Received'],
      Refunded: ['Approved', 'Received', 'Refunded'],
    };
    for (const to of way[status]) {
      await db()
        .transaction()
        .execute((trx) => moveReturn(trx, asked.id, { to, actor: STAFF, note: to === 'Rejected' ? 'No' : null }));
    }
    return asked.id;
  }

  // Every pair of statuses: allowed where shop-rules' table says, refused with TRANSITION_NOT_ALLOWED everywhere else.
  for (const from of RETURN_STATUSES) {
    for (const to of RETURN_STATUSES) {
      const allowed = RETURN_TRANSITIONS[from].includes(to);
      it(`${allowed ? 'allows' : 'refuses'} ${from} → ${to}`, async () => {
        const id = await returnAt(from);
        const result = await db()
          .transaction()
          .execute((trx) => moveReturn(trx, id, { to, actor: STAFF, note: 'Note' }))
          .then(
            () => null,
            (err: unknown) => err,
          );
        const after = await db().selectFrom('returns').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
        if (allowed) {
          expect(result).toBeNull();
          expect(after.status).toBe(to);
        } else {
          expect(result).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
          expect(after.status).toBe(from);
        }
      });
    }
  }
});
