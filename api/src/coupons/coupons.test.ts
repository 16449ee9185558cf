import { SHIPPING_FEE, toPaise } from '@digitic/shop-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListedProduct,
  newCustomer,
  payInSimulator,
  setStock,
  someProducts,
  staffSession,
  startTestApi,
  type TestApi,
  type TestCustomer,
} from '../test/harness.js';

let api: TestApi;
let products: ListedProduct[];
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  products = await someProducts(api, 'limit=8&sort=price');
  desk = await staffSession(api, 'catalogue');
});
afterAll(async () => {
  await api.close();
});

const shippingInfo = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};

let serial = 0;
const uniqueCode = (label: string) => `${label}${Date.now().toString(36).toUpperCase()}${(serial++).toString(36).toUpperCase()}`;

async function makeCoupon(fields: Record<string, unknown> = {}) {
  const res = await api.http
    .post('/api/admin/coupons')
    .set(desk.auth)
    .send({ code: uniqueCode('C'), kind: 'percent', value: 10, ...fields });
  if (res.status !== 201) throw new Error(`coupon not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; code: string; version: number };
}

/** Puts `quantity` of products[i] (first colour) in the cart; answers the subtotal added. */
async function fill(c: TestCustomer, i = 0, quantity = 1) {
  const p = products[i] as ListedProduct;
  const res = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: p.color[0]?._id, quantity });
  if (res.status >= 300) throw new Error(`add to cart failed: ${res.status} ${JSON.stringify(res.body)}`);
  return p.price * quantity;
}

const start = (c: TestCustomer, couponCode?: string | null, address = shippingInfo) =>
  api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo: address, couponCode });
const quote = (c: TestCustomer, couponCode: string) => api.http.get('/api/user/order/quote').query({ couponCode }).set(c.auth);

/** Pays the checkout in the simulator and makes its order by the browser's path. */
async function payAndOrder(c: TestCustomer, providerOrderId: string) {
  const paid = await payInSimulator(api, providerOrderId);
  return api.http
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
}

describe('the coupons desk', () => {
  it('makes a coupon, with each field checked and named', async () => {
    const code = uniqueCode('DIWALI-');
    const made = await api.http.post('/api/admin/coupons').set(desk.auth).send({
      code: code.toLowerCase(),
      description: 'Festival',
      kind: 'fixed',
      value: 500,
      minOrder: 2000,
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      code,
      kind: 'fixed',
      value: 500,
      minOrder: 2000,
      usageLimit: 100,
      perCustomerLimit: 1,
      active: true,
      used: 0,
    });
    const again = await api.http.post('/api/admin/coupons').set(desk.auth).send({ code, kind: 'percent', value: 5 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`There is already a coupon ${code}`);

    const bad = async (fields: Record<string, unknown>) =>
      (
        await api.http
          .post('/api/admin/coupons')
          .set(desk.auth)
          .send({ code: uniqueCode('B'), kind: 'percent', value: 10, ...fields })
      ).body.message as string;
    expect(await bad({ code: 'no spaces' })).toMatch(/3 to 32 letters, digits/);
    expect(await bad({ value: 101 })).toMatch(/percentage is at most 100/);
    expect(await bad({ kind: 'free' })).toMatch(/kind is percent or fixed/);
    expect(await bad({ startsAt: '2026-12-10T00:00:00+05:30', expiresAt: '2026-12-01T00:00:00+05:30' })).toMatch(/expire after it starts/);
    expect(await bad({ usageLimit: 0 })).toMatch(/usageLimit is at least 1/);
    expect(await bad({ expiresAt: 'next week' })).toMatch(/with its offset/);

    const trail = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', made.body._id)
      .execute();
    expect(trail).toEqual([{ action: 'coupon.created', actor_id: desk.id }]);
  });

  it('changes a coupon with the version read, and lists and finds coupons', async () => {
    const c = await makeCoupon({ description: 'Spring' });
    const changed = await api.http
      .put(`/api/admin/coupons/${c._id}`)
      .set(desk.auth)
      .send({ code: c.code, kind: 'percent', value: 15, active: false, version: c.version });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ value: 15, active: false, version: c.version + 1 });
    const stale = await api.http
      .put(`/api/admin/coupons/${c._id}`)
      .set(desk.auth)
      .send({ code: c.code, kind: 'percent', value: 20, version: c.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');

    const found = await api.http.get('/api/admin/coupons').query({ q: c.code.toLowerCase(), status: 'inactive' }).set(desk.auth);
    expect(found.body.coupons.map((x: { code: string }) => x.code)).toEqual([c.code]);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('subject_id', '=', c._id)
      .where('action', '=', 'coupon.updated')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ value: 10, active: true });
    expect(audit.after).toMatchObject({ value: 15, active: false });
  });

  it('is for coupons:manage only', async () => {
    const fulfilment = await staffSession(api, 'fulfilment');
    expect((await api.http.get('/api/admin/coupons').set(fulfilment.auth)).status).toBe(403);
    const shopper = await newCustomer(api);
    expect((await api.http.get('/api/admin/coupons').set(shopper.auth)).status).toBe(401);
  });
});

describe('a coupon at the checkout', () => {
  it('is priced by the api: the quote, the checkout, the payment and the order all carry the discounted total', async () => {
    const coupon = await makeCoupon({ kind: 'percent', value: 10 });
    const c = await newCustomer(api);
    const subtotal = (await fill(c, 3, 2)) + (await fill(c, 5));
    const discount = Math.floor(subtotal / 10);
    const due = subtotal + SHIPPING_FEE - discount;

    const q = await quote(c, `  ${coupon.code.toLowerCase()} `);
    expect(q.status).toBe(200);
    expect(q.body).toEqual({
      subtotal,
      shipping: SHIPPING_FEE,
      total: subtotal + SHIPPING_FEE,
      couponCode: coupon.code,
      discount,
      totalAfterDiscount: due,
      // The GST inside what is due (checkout/tax.test.ts checks the amounts).
      gstPaise: expect.any(Number),
      taxablePaise: toPaise(due) - q.body.gstPaise,
    });

    // What the client says the amount is does not matter: the api prices it.
    const started = await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo, couponCode: coupon.code, amount: 1 });
    expect(started.status).toBe(201);
    expect(started.body.order.amount).toBe(toPaise(due));
    expect(started.body.checkout).toMatchObject({
      couponCode: coupon.code,
      discount,
      total: subtotal + SHIPPING_FEE,
      totalAfterDiscount: due,
    });

    const made = await payAndOrder(c, started.body.order.id);
    expect(made.status).toBe(201);
    const order = made.body.order;
    expect(order).toMatchObject({
      totalPrice: subtotal + SHIPPING_FEE,
      totalPriceAfterDiscount: due,
      coupon: { code: coupon.code, discount },
    });
    const payment = await api.services.payments.fetchPayment(order.paymentInfo.razorpayPaymentId);
    expect(payment.amount).toBe(toPaise(due));

    const mine = await api.http.get('/api/user/getmyorders').set(c.auth);
    expect(mine.body.orders[0]).toMatchObject({ _id: order._id, coupon: { code: coupon.code, discount }, totalPriceAfterDiscount: due });

    // The confirmation e-mail shows the coupon and what was paid.
    await expect
      .poll(async () => (await api.outbox()).find((m) => m.to === c.email && m.subject.includes('is confirmed'))?.text ?? '')
      .toContain(`Coupon ${coupon.code}: -Rs. ${discount.toLocaleString('en-IN')}`);
    const mail = (await api.outbox()).find((m) => m.to === c.email && m.subject.includes('is confirmed'));
    expect(mail?.text).toContain(`Total paid: Rs. ${due.toLocaleString('en-IN')}`);
    expect(mail?.html).toContain(`Coupon ${coupon.code}`);

    const used = await api.http.get(`/api/admin/coupons/${coupon._id}`).set(desk.auth);
    expect(used.body).toMatchObject({ used: 1, held: 0, discountGiven: discount });
    const redemption = await api.database.db
      .selectFrom('coupon_redemptions')
      .selectAll()
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(redemption).toMatchObject({ state: 'used', customer_id: c.id, discount });
  });

  it('refuses each rule with its own message, at the quote and at the checkout', async () => {
    const c = await newCustomer(api);
    const subtotal = await fill(c, 0);
    const refusal = async (code: string) => {
      const [q, s] = [await quote(c, code), await start(c, code)];
      expect(s.status).toBe(q.status);
      expect(s.body.message).toBe(q.body.message);
      return { status: q.status, message: q.body.message as string };
    };
    expect(await refusal('NOSUCHCODE1')).toEqual({ status: 400, message: 'The coupon code NOSUCHCODE1 is not valid' });
    expect(await refusal('bad code!')).toEqual({ status: 400, message: 'A coupon code is 3 to 32 letters, digits, - or _' });

    const inactive = await makeCoupon({ active: false });
    expect(await refusal(inactive.code)).toEqual({ status: 409, message: `The coupon ${inactive.code} is not active` });

    const later = await makeCoupon({ startsAt: '2099-01-01T00:00:00+05:30' });
    expect(await refusal(later.code)).toEqual({ status: 409, message: `The coupon ${later.code} can be used from 1 Jan 2099` });

    const expired = await makeCoupon({ startsAt: '2020-01-01T00:00:00+05:30', expiresAt: '2021-03-31T23:59:00+05:30' });
    expect(await refusal(expired.code)).toEqual({ status: 409, message: `The coupon ${expired.code} expired on 31 Mar 2021` });

    const big = await makeCoupon({ minOrder: subtotal + 1 });
    expect(await refusal(big.code)).toEqual({
      status: 409,
      message: `The coupon ${big.code} needs an order of at least Rs. ${(subtotal + 1).toLocaleString('en-IN')} before shipping; your cart comes to Rs. ${subtotal.toLocaleString('en-IN')}`,
    });

    // Nothing was held, written or asked of the provider for any of them.
    const checkouts = await api.database.db.selectFrom('checkouts').select('id').where('customer_id', '=', c.id).execute();
    expect(checkouts).toHaveLength(0);
    // And without a coupon the same cart still checks out.
    expect((await start(c)).status).toBe(201);
  });

  it('holds the per-customer limit: a second order with the coupon is refused, another shopper may use it', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 300, perCustomerLimit: 1 });
    const c = await newCustomer(api);
    await fill(c, 2);
    const first = await start(c, coupon.code);
    // Another checkout of the same shopper (another address) replaces the first one's hold rather than being refused.
    const second = await start(c, coupon.code, { ...shippingInfo, address: '7 Ring Road' });
    expect(second.status).toBe(201);
    expect(second.body.order.id).not.toBe(first.body.order.id);
    expect((await payAndOrder(c, second.body.order.id)).status).toBe(201);

    await fill(c, 2);
    const again = await start(c, coupon.code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`You have already used the coupon ${coupon.code}`);
    // The first checkout, still payable at the provider, no longer holds a use: paid now, it is refused and refunded.
    const late = await payAndOrder(c, first.body.order.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Sorry, your order could not be made: You have already used the coupon ${coupon.code}. Your payment will be refunded.`,
    );
    const kept = await api.database.db
      .selectFrom('unsettled_payments')
      .select(['refunded_at', 'amount_paid'])
      .where('razorpay_order_id', '=', first.body.order.id)
      .executeTakeFirstOrThrow();
    expect(kept.refunded_at).not.toBeNull();

    const other = await newCustomer(api);
    await fill(other, 2);
    expect((await start(other, coupon.code)).status).toBe(201);
  });

  it('gives exactly one of 20 shoppers racing for the last use', async () => {
    const coupon = await makeCoupon({ kind: 'percent', value: 20, usageLimit: 2 });
    // One use is spent already.
    const early = await newCustomer(api);
    await fill(early, 1);
    const firstUse = await start(early, coupon.code);
    expect((await payAndOrder(early, firstUse.body.order.id)).status).toBe(201);

    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newCustomer(api)));
    for (const s of shoppers) await fill(s, 1);
    const starts = await Promise.all(shoppers.map((s) => start(s, coupon.code)));
    const won = starts.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of starts.filter((r) => r.status !== 201)) {
      expect(lost.status).toBe(409);
      expect(lost.body.message).toBe(`The coupon ${coupon.code} has been used up`);
    }
    const winner = shoppers[starts.indexOf(won[0] as (typeof starts)[number])] as TestCustomer;
    expect((await payAndOrder(winner, won[0]?.body.order.id as string)).status).toBe(201);
    const record = await api.http.get(`/api/admin/coupons/${coupon._id}`).set(desk.auth);
    expect(record.body).toMatchObject({ used: 2, held: 0 });
    expect(await api.database.db.selectFrom('orders').select('id').where('coupon_code', '=', coupon.code).execute()).toHaveLength(2);
  });

  it('gives the use back when the payment makes no order, and takes a lapsed hold again only if the limits allow', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 100, usageLimit: 1 });
    const product = products[6] as ListedProduct;
    const a = await newCustomer(api);
    await fill(a, 6);
    const started = await start(a, coupon.code);
    await setStock(api.database.db, product._id, 0);
    const refused = await payAndOrder(a, started.body.order.id);
    expect(refused.status).toBe(409);
    await setStock(api.database.db, product._id, 100);
    const redemption = await api.database.db
      .selectFrom('coupon_redemptions')
      .select('state')
      .where('checkout_id', '=', started.body.checkout._id)
      .executeTakeFirstOrThrow();
    expect(redemption.state).toBe('released');

    // The use is free again: b holds it, its hold lapses, c takes it and orders; b's late payment is refunded.
    const b = await newCustomer(api);
    await fill(b, 6);
    const bStart = await start(b, coupon.code);
    expect(bStart.status).toBe(201);
    await api.database.db
      .updateTable('coupon_redemptions')
      // Past its time and the grace after it (a payment made in time may still be confirmed within it).
      .set({ held_until: new Date(Date.now() - 20 * 60_000) })
      .where('checkout_id', '=', bStart.body.checkout._id)
      .execute();
    const c = await newCustomer(api);
    await fill(c, 6);
    const cStart = await start(c, coupon.code);
    expect(cStart.status).toBe(201);
    expect((await payAndOrder(c, cStart.body.order.id)).status).toBe(201);
    const late = await payAndOrder(b, bStart.body.order.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(`The coupon ${coupon.code} has been used up`);
    expect(await api.database.db.selectFrom('orders').select('id').where('coupon_code', '=', coupon.code).execute()).toHaveLength(1);
  });

  it('honours a standing hold paid after the coupon was switched off', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 50 });
    const c = await newCustomer(api);
    await fill(c, 4);
    const started = await start(c, coupon.code);
    const current = await api.http.get(`/api/admin/coupons/${coupon._id}`).set(desk.auth);
    await api.http
      .put(`/api/admin/coupons/${coupon._id}`)
      .set(desk.auth)
      .send({ code: coupon.code, kind: 'fixed', value: 50, active: false, version: current.body.version });
    const made = await payAndOrder(c, started.body.order.id);
    expect(made.status).toBe(201);
    expect(made.body.order.coupon).toEqual({ code: coupon.code, discount: 50 });
  });
});

describe('a coupon held, lapsed, changed or renamed', () => {
  it('holds the use again when the shopper goes back to a checkout another one had taken it over from', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 200, perCustomerLimit: 1 });
    const c = await newCustomer(api);
    await fill(c, 2);
    const a = await start(c, coupon.code);
    const b = await start(c, coupon.code, { ...shippingInfo, address: '7 Ring Road' });
    const again = await start(c, coupon.code);
    expect(again.body.order.id).toBe(a.body.order.id);
    // a holds the use again and b no longer does: paying a makes its order.
    const states = await api.database.db
      .selectFrom('coupon_redemptions')
      .select(['checkout_id', 'state'])
      .where('checkout_id', 'in', [a.body.checkout._id, b.body.checkout._id])
      .execute();
    expect(Object.fromEntries(states.map((r) => [r.checkout_id, r.state]))).toEqual({
      [a.body.checkout._id]: 'held',
      [b.body.checkout._id]: 'released',
    });
    expect((await payAndOrder(c, a.body.order.id)).status).toBe(201);
  });

  it('honours a hold that stood when the shopper paid, though the order is made after it lapsed', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 75 });
    const c = await newCustomer(api);
    await fill(c, 4);
    const started = await start(c, coupon.code);
    const paid = await payInSimulator(api, started.body.order.id);
    await new Promise((r) => setTimeout(r, 1100));
    // The hold ran out after the payment was made (which the provider stamps to the second), before the order is made.
    await api.database.db
      .updateTable('coupon_redemptions')
      .set({ held_until: new Date(Date.now() - 200) })
      .where('checkout_id', '=', started.body.checkout._id)
      .execute();
    const current = await api.http.get(`/api/admin/coupons/${coupon._id}`).set(desk.auth);
    await api.http
      .put(`/api/admin/coupons/${coupon._id}`)
      .set(desk.auth)
      .send({ code: coupon.code, kind: 'fixed', value: 75, active: false, version: current.body.version });
    const made = await api.http
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
    expect(made.status).toBe(201);
    expect(made.body.order.coupon).toEqual({ code: coupon.code, discount: 75 });
  });

  it('refuses a lapsed hold at a discount larger than the coupon gives now', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 900 });
    const c = await newCustomer(api);
    await fill(c, 4);
    const started = await start(c, coupon.code);
    await api.database.db
      .updateTable('coupon_redemptions')
      .set({ held_until: new Date(Date.now() - 3_600_000) })
      .where('checkout_id', '=', started.body.checkout._id)
      .execute();
    const current = await api.http.get(`/api/admin/coupons/${coupon._id}`).set(desk.auth);
    await api.http
      .put(`/api/admin/coupons/${coupon._id}`)
      .set(desk.auth)
      .send({ code: coupon.code, kind: 'fixed', value: 90, version: current.body.version });
    const late = await payAndOrder(c, started.body.order.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Sorry, your order could not be made: the coupon ${coupon.code} takes less off now. Your payment will be refunded.`,
    );
  });

  it('keeps the code of a coupon shoppers have used', async () => {
    const coupon = await makeCoupon({ kind: 'fixed', value: 10 });
    const c = await newCustomer(api);
    await fill(c, 0);
    expect((await start(c, coupon.code)).status).toBe(201);
    const current = await api.http.get(`/api/admin/coupons/${coupon._id}`).set(desk.auth);
    const renamed = await api.http
      .put(`/api/admin/coupons/${coupon._id}`)
      .set(desk.auth)
      .send({ code: `${coupon.code}X`, kind: 'fixed', value: 10, version: current.body.version });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject({
      field: 'code',
      message: 'A coupon shoppers have used keeps its code: make a new coupon for a new code',
    });
  });
});

describe('refunds of a discounted order', () => {
  it('refund what was paid: lines less their share of the discount, and in full never more than the payment', async () => {
    const coupon = await makeCoupon({ kind: 'percent', value: 15 });
    const c = await newCustomer(api);
    await fill(c, 1, 3);
    await fill(c, 4, 1);
    const started = await start(c, coupon.code);
    const made = await payAndOrder(c, started.body.order.id);
    expect(made.status).toBe(201);
    const order = made.body.order;
    const paidPaise = toPaise(order.totalPriceAfterDiscount);
    const [first, second] = order.orderItems as { _id: string; price: number; quantity: number }[];
    if (!first || !second) throw new Error('two lines expected');

    const support = await staffSession(api, 'owner');
    const refund = async (body: Record<string, unknown>) => {
      const current = await api.http.get(`/api/admin/orders/${order._id}`).set(support.auth);
      return api.http
        .post(`/api/admin/orders/${order._id}/refunds`)
        .set(support.auth)
        .send({ reason: 'Test refund', version: current.body.version, ...body });
    };
    // One of the three units of the first line: its price less a third of the line's share.
    const shares = await api.database.db
      .selectFrom('order_items')
      .select(['id', 'discount_paise'])
      .where('order_id', '=', order._id)
      .orderBy('position')
      .execute();
    expect(shares.reduce((s, x) => s + x.discount_paise, 0)).toBe(toPaise(order.coupon.discount));
    const lineShare = shares[0]?.discount_paise ?? 0;
    const one = await refund({ lines: [{ itemId: first._id, quantity: 1 }] });
    expect(one.status).toBe(201);
    const firstAmount = toPaise(first.price) - Math.floor(lineShare / 3);
    expect(one.body.payment.refunds.at(-1).amountPaise).toBe(firstAmount);
    // The rest of the order: exactly what is left of the payment, shipping included.
    const rest = await refund({});
    expect(rest.status).toBe(201);
    expect(rest.body.payment.refunds.at(-1).amountPaise).toBe(paidPaise - firstAmount);
    expect(rest.body.payment.leftToRefundPaise).toBe(0);
    await expect
      .poll(async () => (await api.services.payments.fetchPayment(order.paymentInfo.razorpayPaymentId)).amount_refunded)
      .toBe(paidPaise);
  });

  it('quotes exactly what the refund then records, by lines and in full, and writes nothing', async () => {
    const coupon = await makeCoupon({ kind: 'percent', value: 15 });
    const c = await newCustomer(api);
    await fill(c, 1, 3);
    await fill(c, 4, 1);
    const made = await payAndOrder(c, (await start(c, coupon.code)).body.order.id);
    expect(made.status).toBe(201);
    const order = made.body.order;
    const paidPaise = toPaise(order.totalPriceAfterDiscount);
    const [first, second] = order.orderItems as { _id: string; price: number; quantity: number }[];
    if (!first || !second) throw new Error('two lines expected');
    const owner = await staffSession(api, 'owner');
    const refundQuote = (body: Record<string, unknown>) =>
      api.http.post(`/api/admin/orders/${order._id}/refund-quote`).set(owner.auth).send(body);
    const refund = async (body: Record<string, unknown>) => {
      const current = await api.http.get(`/api/admin/orders/${order._id}`).set(owner.auth);
      return api.http
        .post(`/api/admin/orders/${order._id}/refunds`)
        .set(owner.auth)
        .send({ reason: 'Test refund', version: current.body.version, ...body });
    };
    const refusal = (r: { status: number; body: { message?: string; code?: string; field?: string } }) => ({
      status: r.status,
      message: r.body.message,
      code: r.body.code,
      field: r.body.field,
    });
    const written = async () => ({
      refunds: (await api.database.db.selectFrom('order_refunds').select('id').where('order_id', '=', order._id).execute()).length,
      audit: (await api.database.db.selectFrom('audit_log').select('id').where('subject_id', '=', order._id).execute()).length,
      version: (await api.http.get(`/api/admin/orders/${order._id}`).set(owner.auth)).body.version as number,
    });

    // Two of the three units of the first line, restocked: no reason and no version needed for a quote.
    const before = await written();
    const byLines = { lines: [{ itemId: first._id, quantity: 2 }], restock: true };
    const quoted = await refundQuote(byLines);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toEqual({
      amountPaise: expect.any(Number),
      leftToRefundPaise: paidPaise,
      lines: [{ itemId: first._id, title: expect.any(String), quantity: 2, amountPaise: quoted.body.amountPaise }],
      restock: true,
    });
    // The coupon's part comes off: less than the two units' price.
    expect(quoted.body.amountPaise).toBeLessThan(toPaise(first.price) * 2);
    expect(quoted.body.lines[0].title).not.toBe('');
    expect(await written()).toEqual(before);
    const stale = await refundQuote({ ...byLines, version: before.version + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const lines = await refund(byLines);
    expect(lines.status).toBe(201);
    expect(lines.body.payment.refunds.at(-1)).toMatchObject({ amountPaise: quoted.body.amountPaise, restocked: true });

    // More units than are left: refused with the refund's own words, and still nothing written.
    const afterLines = await written();
    const tooMany = { lines: [{ itemId: first._id, quantity: 2 }] };
    const refusedQuote = await refundQuote(tooMany);
    const refusedRefund = await refund(tooMany);
    expect(refusal(refusedQuote)).toEqual(refusal(refusedRefund));
    expect(refusedQuote.status).toBe(409);
    expect(refusedQuote.body.message).toBe('Only 1 of the 3 units of this line are left to refund');
    expect(await written()).toEqual(afterLines);

    // Everything left, with an empty reason: exactly what the full refund records.
    const whole = await refundQuote({ reason: '' });
    expect(whole.status).toBe(200);
    expect(whole.body).toEqual({
      amountPaise: paidPaise - quoted.body.amountPaise,
      leftToRefundPaise: paidPaise - quoted.body.amountPaise,
      lines: [],
      restock: false,
    });
    expect(await written()).toEqual(afterLines);
    const rest = await refund({});
    expect(rest.status).toBe(201);
    expect(rest.body.payment.refunds.at(-1).amountPaise).toBe(whole.body.amountPaise);
    expect(rest.body.payment.leftToRefundPaise).toBe(0);

    // Past what is left: the same refusal as the refund's.
    const done = await refundQuote({});
    const doneRefund = await refund({});
    expect(refusal(done)).toEqual(refusal(doneRefund));
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('This order has been refunded in full already');
  });

  it('records units a coupon paid for in full as refunded at nothing, and refunds the shipping paid', async () => {
    const coupon = await makeCoupon({ kind: 'percent', value: 100 });
    const c = await newCustomer(api);
    await fill(c, 0, 2);
    const started = await start(c, coupon.code);
    expect(started.body.order.amount).toBe(SHIPPING_FEE * 100);
    const made = await payAndOrder(c, started.body.order.id);
    const order = made.body.order;
    const owner = await staffSession(api, 'owner');
    const current = await api.http.get(`/api/admin/orders/${order._id}`).set(owner.auth);
    const units = await api.http
      .post(`/api/admin/orders/${order._id}/refunds`)
      .set(owner.auth)
      .send({ reason: 'Damaged', version: current.body.version, lines: [{ itemId: order.orderItems[0]._id, quantity: 1 }] });
    expect(units.status).toBe(201);
    expect(units.body.payment.refunds.at(-1)).toMatchObject({ amountPaise: 0, state: 'processed' });
    const rest = await api.http
      .post(`/api/admin/orders/${order._id}/refunds`)
      .set(owner.auth)
      .send({ reason: 'Cancelled', version: units.body.version });
    expect(rest.body.payment.refunds.at(-1)).toMatchObject({ amountPaise: SHIPPING_FEE * 100 });
  });
});

describe('the desk’s figures of a discounted order', () => {
  // The list's total was the total before the coupon, and today's figures left refunds out.
  it('lists what was paid, the coupon and its discount, and counts today taken, refunded and net in paise', async () => {
    const owner = await staffSession(api, 'owner');
    type Today = { orders: number; revenue: number; since: string; takenPaise: number; refundedPaise: number; netPaise: number };
    const today = async () => (await api.http.get('/api/admin/dashboard').set(owner.auth)).body.today as Today;
    const before = await today();

    // An order paid with a coupon, then one unit of it refunded.
    const coupon = await makeCoupon({ kind: 'percent', value: 10 });
    const c = await newCustomer(api);
    await fill(c, 2, 2);
    const made = await payAndOrder(c, (await start(c, coupon.code)).body.order.id);
    expect(made.status).toBe(201);
    const order = made.body.order;
    expect(order.coupon.discount).toBeGreaterThan(0);
    const listed = await api.http.get('/api/admin/orders').query({ q: order._id }).set(owner.auth);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: order._id,
        total: order.totalPriceAfterDiscount,
        couponCode: coupon.code,
        discount: order.coupon.discount,
      }),
    ]);
    const refunded = await api.http
      .post(`/api/admin/orders/${order._id}/refunds`)
      .set(owner.auth)
      .send({ reason: 'Dented', version: listed.body.items[0].version, lines: [{ itemId: order.orderItems[0]._id, quantity: 1 }] });
    expect(refunded.status).toBe(201);
    const partPaise = refunded.body.payment.refunds.at(-1).amountPaise as number;
    expect(partPaise).toBeGreaterThan(0);

    // An order without a coupon, listed with none, then cancelled (refunded in full): taken and refunded both count it.
    const d = await newCustomer(api);
    await fill(d, 6);
    const plain = (await payAndOrder(d, (await start(d, null)).body.order.id)).body.order;
    const plainRow = (await api.http.get('/api/admin/orders').query({ q: plain._id }).set(owner.auth)).body.items[0];
    expect(plainRow).toMatchObject({ total: plain.totalPriceAfterDiscount, couponCode: null, discount: 0 });
    const cancelled = await api.http
      .post(`/api/admin/orders/${plain._id}/cancel`)
      .set(owner.auth)
      .send({ version: plainRow.version, reason: 'The courier cannot reach the PIN code' });
    expect(cancelled.status).toBe(200);

    // An order placed yesterday (India time), refunded in full today: its refund is today's, its payment is not.
    const e = await newCustomer(api);
    await fill(e, 4);
    const old = (await payAndOrder(e, (await start(e, null)).body.order.id)).body.order;
    await sql`update orders set created_at = ${new Date(Date.parse(before.since) - 3_600_000)} where id = ${old._id}`.execute(
      api.database.db,
    );
    const oldVersion = (await api.http.get(`/api/admin/orders/${old._id}`).set(owner.auth)).body.version;
    const oldRefund = await api.http
      .post(`/api/admin/orders/${old._id}/refunds`)
      .set(owner.auth)
      .send({ reason: 'Goodwill', version: oldVersion });
    expect(oldRefund.status).toBe(201);

    const after = await today();
    const paidPaise = toPaise(order.totalPriceAfterDiscount);
    const plainPaise = toPaise(plain.totalPriceAfterDiscount);
    const oldPaise = toPaise(old.totalPriceAfterDiscount);
    expect(after.takenPaise - before.takenPaise).toBe(paidPaise + plainPaise);
    expect(after.refundedPaise - before.refundedPaise).toBe(partPaise + plainPaise + oldPaise);
    expect(after.netPaise - before.netPaise).toBe(paidPaise - partPaise - oldPaise);
    expect(after.netPaise).toBe(after.takenPaise - after.refundedPaise);
    // revenue is as it was: today's orders not cancelled, in rupees, refunds left out.
    expect(after.revenue - before.revenue).toBe(order.totalPriceAfterDiscount);
    expect(after.orders - before.orders).toBe(1);
  });
});
