import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProviderOrder,
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

let api: TestApi;
let products: ListedProduct[];
beforeAll(async () => {
  api = await startTestApi();
  products = await someProducts(api, 'limit=5&sort=price');
});
afterAll(() => api.close());

const shippingInfo = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};

/** Fills a customer's cart with two lines and returns the total the server must charge (subtotal + Rs. 100). */
async function fillCart(c: TestCustomer): Promise<number> {
  const [p, q] = products as [ListedProduct, ListedProduct];
  await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: p.color[0]?._id, quantity: 2, price: 1 });
  await api.http.post('/api/user/cart').set(c.auth).send({ productId: q._id, color: q.color[1]?._id, quantity: 1 });
  return p.price * 2 + q.price + 100;
}

async function paidPayment(c: TestCustomer, amount: number) {
  const orderId = await createProviderOrder(api, amount, c.id);
  const paid = await payInSimulator(api, orderId);
  expect(paid.status).toBe(200);
  return {
    razorpayOrderId: paid.body.razorpay_order_id,
    razorpayPaymentId: paid.body.razorpay_payment_id,
    razorpaySignature: paid.body.razorpay_signature,
  };
}

const createOrder = (c: TestCustomer, body: Record<string, unknown>) =>
  api.http.post('/api/user/cart/create-order/').set(c.auth).send(body);
const orderCount = async () =>
  Number(
    (
      await api.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/user/cart/create-order', () => {
  it('settles a simulated payment into an order and empties the cart', async () => {
    const c = await newCustomer(api);
    const total = await fillCart(c);
    const paymentInfo = await paidPayment(c, total);
    const res = await createOrder(c, { shippingInfo, paymentInfo, orderItems: [], totalPrice: 1, totalPriceAfterDiscount: 1 });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.order).toMatchObject({
      totalPrice: total,
      totalPriceAfterDiscount: total,
      orderStatus: 'Ordered',
      paymentInfo: { razorpayOrderId: paymentInfo.razorpayOrderId, razorpayPaymentId: paymentInfo.razorpayPaymentId },
      shippingInfo,
    });
    const [p, q] = products as [ListedProduct, ListedProduct];
    expect(res.body.order.orderItems).toEqual([
      {
        _id: expect.any(String),
        product: { _id: p._id, title: p.title, images: expect.any(Array) },
        color: { _id: p.color[0]?._id, title: p.color[0]?.title },
        quantity: 2,
        price: p.price,
        // Its GST as charged (checkout/tax.test.ts checks the amounts).
        tax: expect.objectContaining({ rateBp: 1800, value: 2 * p.price * 100 }),
      },
      {
        _id: expect.any(String),
        product: { _id: q._id, title: q.title, images: expect.any(Array) },
        color: { _id: q.color[1]?._id, title: q.color[1]?.title },
        quantity: 1,
        price: q.price,
        tax: expect.objectContaining({ rateBp: 1800, value: q.price * 100 }),
      },
    ]);
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toEqual([]);

    const mine = await api.http.get('/api/user/getmyorders').set(c.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.orders).toHaveLength(1);
    expect(mine.body.orders[0]).toMatchObject({ _id: res.body.order._id, orderStatus: 'Ordered', createdAt: expect.any(String) });
  });

  it('returns the same order when the payment is replayed, and never makes a second', async () => {
    const c = await newCustomer(api);
    const paymentInfo = await paidPayment(c, await fillCart(c));
    const first = await createOrder(c, { shippingInfo, paymentInfo });
    await fillCart(c);
    const before = await orderCount();
    const replay = await createOrder(c, { shippingInfo, paymentInfo });
    expect(replay.status).toBe(200);
    expect(replay.body.order._id).toBe(first.body.order._id);
    expect(await orderCount()).toBe(before);
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(2);
  });

  it('makes one order when the same payment arrives twice at once', async () => {
    const c = await newCustomer(api);
    const paymentInfo = await paidPayment(c, await fillCart(c));
    const before = await orderCount();
    const [a, b] = await Promise.all([createOrder(c, { shippingInfo, paymentInfo }), createOrder(c, { shippingInfo, paymentInfo })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.order._id).toBe(b.body.order._id);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses a forged signature and writes nothing', async () => {
    const c = await newCustomer(api);
    const paymentInfo = await paidPayment(c, await fillCart(c));
    const before = await orderCount();
    const res = await createOrder(c, { shippingInfo, paymentInfo: { ...paymentInfo, razorpaySignature: 'f'.repeat(64) } });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILED', message: 'The payment signature is not valid' });
    expect(await orderCount()).toBe(before);
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(2);
  });

  it('refuses a payment for another amount than the cart total, and keeps the cart', async () => {
    const c = await newCustomer(api);
    const total = await fillCart(c);
    const paymentInfo = await paidPayment(c, total - 1);
    const before = await orderCount();
    const res = await createOrder(c, { shippingInfo, paymentInfo, totalPrice: total - 1 });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(`The amount paid does not match your cart total of Rs. ${total}`);
    expect(await orderCount()).toBe(before);
    const kept = await api.database.db
      .selectFrom('unsettled_payments')
      .selectAll()
      .where('razorpay_payment_id', '=', paymentInfo.razorpayPaymentId as string)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ customer_id: c.id, amount_paid: (total - 1) * 100, cart_total: total * 100 });
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(2);
  });

  it('refuses a payment that the cart grew past after paying', async () => {
    const c = await newCustomer(api);
    const paymentInfo = await paidPayment(c, await fillCart(c));
    const r = products[2] as ListedProduct;
    await api.http.post('/api/user/cart').set(c.auth).send({ productId: r._id, color: r.color[0]?._id, quantity: 1 });
    expect((await createOrder(c, { shippingInfo, paymentInfo })).status).toBe(402);
  });

  it('refuses a declined payment', async () => {
    const c = await newCustomer(api);
    const total = await fillCart(c);
    const orderId = await createProviderOrder(api, total, c.id);
    const declined = await payInSimulator(api, orderId, 'failure');
    expect(declined.status).toBe(400);
    const paymentId = (declined.body.error as unknown as { metadata: { payment_id: string } }).metadata.payment_id;
    const { signPayment } = await import('@digitic/payment-simulator');
    const signature = signPayment(orderId, paymentId, api.config.razorpay.keySecret);
    const res = await createOrder(c, {
      shippingInfo,
      paymentInfo: { razorpayOrderId: orderId, razorpayPaymentId: paymentId, razorpaySignature: signature },
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('The payment has not been completed');
  });

  it('refuses a payment another customer started, before and after they used it', async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    const paymentInfo = await paidPayment(a, await fillCart(a));
    await fillCart(b);
    const early = await createOrder(b, { shippingInfo, paymentInfo });
    expect(early.status).toBe(402);
    expect(early.body.message).toBe('This payment was started by another customer');
    expect((await api.http.get('/api/user/cart').set(b.auth)).body).toHaveLength(2);
    expect((await createOrder(a, { shippingInfo, paymentInfo })).status).toBe(201);
    await fillCart(b);
    const res = await createOrder(b, { shippingInfo, paymentInfo });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('This payment was started by another customer');
    expect(JSON.stringify(res.body)).not.toContain(a.id);
  });

  it('refuses an empty cart', async () => {
    const c = await newCustomer(api);
    const paymentInfo = await paidPayment(c, 500);
    const res = await createOrder(c, { shippingInfo, paymentInfo });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your cart is empty');
  });

  it.each([
    ['firstname', 'First Name is Required'],
    ['lastname', 'Last Name is Required'],
    ['address', 'Address Details are Required'],
    ['state', 'S tate is Required'],
    ['city', 'city is Required'],
    ['country', 'country is Required'],
    ['pincode', 'Pincode is Required'],
  ])('refuses an address without %s with the checkout message', async (field, message) => {
    const c = await newCustomer(api);
    const { [field as keyof typeof shippingInfo]: _, ...rest } = shippingInfo;
    const paymentInfo = { razorpayOrderId: 'order_abcdefghijklmn', razorpayPaymentId: 'pay_abcdefghijklmn', razorpaySignature: 'x' };
    const res = await createOrder(c, { shippingInfo: rest, paymentInfo });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.field).toBe(`shippingInfo.${field}`);
  });

  it('refuses a pincode that is not a positive whole number and malformed payment ids', async () => {
    const c = await newCustomer(api);
    const paymentInfo = { razorpayOrderId: 'order_abcdefghijklmn', razorpayPaymentId: 'pay_abcdefghijklmn', razorpaySignature: 'x' };
    const pin = await createOrder(c, { shippingInfo: { ...shippingInfo, pincode: -4 }, paymentInfo });
    expect(pin.body.message).toContain('Pincode must be a positive whole number');
    const bad = await createOrder(c, { shippingInfo, paymentInfo: { ...paymentInfo, razorpayPaymentId: { $gt: '' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('paymentInfo.razorpayPaymentId');
  });

  it('needs a token', async () => {
    expect((await api.http.post('/api/user/cart/create-order/').send({})).status).toBe(401);
    expect((await api.http.get('/api/user/getmyorders')).status).toBe(401);
  });
});

describe('GET /api/user/getmyorders', () => {
  it("shows only the caller's orders, newest first", async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    const first = await createOrder(a, { shippingInfo, paymentInfo: await paidPayment(a, await fillCart(a)) });
    const second = await createOrder(a, { shippingInfo, paymentInfo: await paidPayment(a, await fillCart(a)) });
    const mine = await api.http.get('/api/user/getmyorders').set(a.auth);
    expect(mine.body.orders.map((o: { _id: string }) => o._id)).toEqual([second.body.order._id, first.body.order._id]);
    expect((await api.http.get('/api/user/getmyorders').set(b.auth)).body).toEqual({ orders: [] });
  });
});

describe('stock', () => {
  it('lets one of 20 paid checkouts take the last unit of a colour; the others keep their carts and their payments are kept for a refund', async () => {
    const [p] = (await someProducts(api, 'limit=1&sort=-price')) as [ListedProduct];
    const [black, other] = p.color as [ListedProduct['color'][number], ListedProduct['color'][number]];
    await setStock(api.database.db, p._id, 1, black._id);
    const otherBefore = (await stockOf(api.database.db, p._id)).byColor[other._id];
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const c = await newCustomer(api);
        await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: p.color[0]?._id, quantity: 1 });
        return { c, paymentInfo: await paidPayment(c, p.price + 100) };
      }),
    );
    const before = await orderCount();
    const results = await Promise.all(shoppers.map(({ c, paymentInfo }) => createOrder(c, { shippingInfo, paymentInfo })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(19).fill(409));
    expect(refused[0]?.body.message).toBe(`Sorry, ${p.title} in ${black.title} is out of stock. Your payment will be refunded.`);
    expect(await orderCount()).toBe(before + 1);
    const stock = await stockOf(api.database.db, p._id);
    expect(stock.byColor[black._id]).toBe(0);
    // The product's other colours are theirs: untouched by the race, and still sold.
    expect(stock.byColor[other._id]).toBe(otherBefore);
    const shopper = await newCustomer(api);
    const more = await api.http.post('/api/user/cart').set(shopper.auth).send({ productId: p._id, color: other._id, quantity: 1 });
    expect(more.status).toBe(201);
    const kept = await api.database.db
      .selectFrom('unsettled_payments')
      .select('reason')
      .where(
        'razorpay_payment_id',
        'in',
        shoppers.map((s) => s.paymentInfo.razorpayPaymentId as string),
      )
      .execute();
    expect(kept).toHaveLength(19);
    expect(new Set(kept.map((k) => k.reason))).toEqual(new Set([`out of stock: ${p.title} in ${black.title}`]));
    const carts = await Promise.all(shoppers.map(({ c }) => api.http.get('/api/user/cart').set(c.auth)));
    expect(carts.filter((r) => r.body.length === 1)).toHaveLength(19);
  });

  it('never lets the database hold a negative stock', async () => {
    const [p] = (await someProducts(api, 'limit=1')) as [ListedProduct];
    await expect(setStock(api.database.db, p._id, -1)).rejects.toThrow(/violates check constraint "product_colors_quantity_check"/);
  });
});

describe('when the payment provider is unreachable', () => {
  it('answers 503, writes no order and keeps the cart', async () => {
    const down = await startTestApi({ env: { PAYMENT_SIM_URL: 'http://127.0.0.1:9' } });
    try {
      const c = await newCustomer(down);
      const [p] = await someProducts(down);
      await down.http.post('/api/user/cart').set(c.auth).send({ productId: p?._id, color: p?.color[0]?._id, quantity: 1 });
      const { signPayment } = await import('@digitic/payment-simulator');
      const paymentInfo = {
        razorpayOrderId: 'order_Simulated00001',
        razorpayPaymentId: 'pay_Simulated000001',
        razorpaySignature: signPayment('order_Simulated00001', 'pay_Simulated000001', down.config.razorpay.keySecret),
      };
      const res = await down.http.post('/api/user/cart/create-order').set(c.auth).send({ shippingInfo, paymentInfo });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The payment provider is unreachable. No order was placed; please try again.');
      expect((await down.http.get('/api/user/getmyorders').set(c.auth)).body.orders).toEqual([]);
      expect((await down.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
