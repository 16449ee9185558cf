import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
let catalogue: { id: string; price: number; colors: { id: string }[] }[];
beforeAll(async () => {
  gw = await startTestGateway();
  const res = await gw.gql<{ products: { items: typeof catalogue } }>(
    '{ products(pageSize: 100, sort: PRICE_ASC) { items { id price colors { id } } } }',
  );
  catalogue = res.data?.products.items ?? [];
});
afterAll(() => gw.close());

const address = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};
const CART = 'id lineCount subtotal shipping total lines { id quantity unitPrice lineTotal color { id title } product { id title price } }';

type CartShape = {
  id: string;
  lineCount: number;
  subtotal: number;
  shipping: number;
  total: number;
  lines: { id: string; quantity: number; lineTotal: number }[];
};

async function add(token: string, i: number, quantity = 1, colour = 0) {
  const p = catalogue[i];
  return gw.gql<{ addToCart: CartShape }>(
    `mutation($i: AddToCartInput!) { addToCart(input: $i) { ${CART} } }`,
    { i: { productId: p?.id, colorId: p?.colors[colour]?.id, quantity } },
    token,
  );
}

async function pay(providerOrderId: string, outcome: 'success' | 'failure' = 'success') {
  const res = await fetch(`${gw.url}/payment-simulator/sim/orders/${providerOrderId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: 'rzp_test_digitic_simulator', outcome }),
  });
  return (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

async function checkout(token: string) {
  const res = await gw.gql<{
    startCheckout: {
      providerOrderId: string;
      amount: number;
      total: number;
      subtotal: number;
      shipping: number;
      currency: string;
      keyId: string;
      scriptUrl: string;
    };
  }>(
    'mutation($a: AddressInput!) { startCheckout(address: $a) { providerOrderId amount currency keyId scriptUrl subtotal shipping total } }',
    { a: address },
    token,
  );
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.startCheckout;
}

const PLACE =
  'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { id status total totalAfterDiscount items { productId title quantity price color { title } image { url } } shippingAddress { firstname lastname address other city state country pincode phone } payment { providerOrderId providerPaymentId } createdAt } }';
const place = (token: string, paid: Awaited<ReturnType<typeof pay>>, signature = paid.razorpay_signature, to: object = address) =>
  gw.gql<{ placeOrder: { id: string; total: number; status: string; shippingAddress: unknown; payment: unknown } }>(
    PLACE,
    { i: { address: to, payment: { providerOrderId: paid.razorpay_order_id, providerPaymentId: paid.razorpay_payment_id, signature } } },
    token,
  );

describe('cart', () => {
  it('adds, updates and removes lines, returning the whole cart each time', async () => {
    const c = await signUp(gw);
    const first = await add(c.token, 0, 2);
    expect(first.data?.addToCart).toMatchObject({ id: c.id, lineCount: 1, shipping: 100 });
    const second = await add(c.token, 1, 1, 1);
    const cart = second.data?.addToCart;
    const expected = (catalogue[0]?.price ?? 0) * 2 + (catalogue[1]?.price ?? 0);
    expect(cart).toMatchObject({ lineCount: 2, subtotal: expected, total: expected + 100 });
    const lineId = cart?.lines[0]?.id;
    const updated = await gw.gql<{ updateCartLine: CartShape }>(
      `mutation($i: UpdateCartLineInput!) { updateCartLine(input: $i) { ${CART} } }`,
      { i: { lineId, quantity: 5 } },
      c.token,
    );
    expect(updated.data?.updateCartLine.lines[0]).toMatchObject({ quantity: 5, lineTotal: (catalogue[0]?.price ?? 0) * 5 });
    const tooMany = await gw.gql(
      'mutation($i: UpdateCartLineInput!) { updateCartLine(input: $i) { id } }',
      { i: { lineId, quantity: 11 } },
      c.token,
    );
    expect(tooMany.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'quantity' } });
    const removed = await gw.gql<{ removeCartLine: CartShape }>(
      `mutation($id: ID!) { removeCartLine(lineId: $id) { ${CART} } }`,
      { id: lineId },
      c.token,
    );
    expect(removed.data?.removeCartLine.lineCount).toBe(1);
    const emptied = await gw.gql('mutation { emptyCart { id lineCount total lines { id } } }', {}, c.token);
    expect(emptied.data).toEqual({ emptyCart: { id: c.id, lineCount: 0, total: 100, lines: [] } });
  });

  it("answers NOT_FOUND for another customer's line and UNAUTHENTICATED for a guest", async () => {
    const owner = await signUp(gw);
    const other = await signUp(gw);
    const lineId = (await add(owner.token, 2)).data?.addToCart.lines[0]?.id;
    const res = await gw.gql('mutation($id: ID!) { removeCartLine(lineId: $id) { id } }', { id: lineId }, other.token);
    expect(res.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect((await gw.gql('{ cart { id } }')).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await gw.gql('{ cart { lineCount } }', {}, owner.token)).data).toEqual({ cart: { lineCount: 1 } });
  });

  it('reads a 50-line cart with its products in one upstream call', async () => {
    const c = await signUp(gw);
    for (let i = 0; i < 50; i++) {
      const p = catalogue[i];
      await gw.api.http
        .post('/api/user/cart')
        .set({ Authorization: `Bearer ${c.token}` })
        .send({ productId: p?.id, color: p?.colors[0]?.id, quantity: 1 });
    }
    const before = gw.api.requests.length;
    const res = await gw.gql<{ cart: { lineCount: number; lines: { product: { reviews: unknown[]; colors: unknown[] } }[] } }>(
      '{ cart { lineCount total lines { quantity color { title } product { id title price rating colors { id title } images { url } reviews { id } } } } }',
      {},
      c.token,
    );
    expect(res.data?.cart.lineCount).toBe(50);
    expect(res.data?.cart.lines[0]?.product.colors.length).toBeGreaterThan(0);
    expect(gw.api.requests.slice(before)).toEqual(['GET /api/user/cart?expand=product']);
  });

  it('adds, changes and removes a line in one upstream call each, the cart coming back with the change', async () => {
    const c = await signUp(gw);
    const cartFields = 'id lineCount total lines { id quantity product { id title price images { url } colors { id } } }';
    let before = gw.api.requests.length;
    const added = await gw.gql<{ addToCart: { lines: { id: string; quantity: number; product: { id: string } }[] } }>(
      `mutation($i: AddToCartInput!) { addToCart(input: $i) { ${cartFields} } }`,
      { i: { productId: catalogue[7]?.id, colorId: catalogue[7]?.colors[0]?.id, quantity: 2 } },
      c.token,
    );
    expect(added.data?.addToCart.lines).toEqual([
      expect.objectContaining({ quantity: 2, product: expect.objectContaining({ id: catalogue[7]?.id }) }),
    ]);
    expect(gw.api.requests.slice(before)).toEqual(['POST /api/user/cart?return=cart&expand=product']);
    const lineId = added.data?.addToCart.lines[0]?.id;

    before = gw.api.requests.length;
    const updated = await gw.gql<{ updateCartLine: { lines: { quantity: number }[] } }>(
      `mutation($i: UpdateCartLineInput!) { updateCartLine(input: $i) { ${cartFields} } }`,
      { i: { lineId, quantity: 5 } },
      c.token,
    );
    expect(updated.data?.updateCartLine.lines[0]?.quantity).toBe(5);
    expect(gw.api.requests.slice(before)).toHaveLength(1);

    before = gw.api.requests.length;
    const removed = await gw.gql<{ removeCartLine: { lineCount: number } }>(
      `mutation($id: ID!) { removeCartLine(lineId: $id) { ${cartFields} } }`,
      { id: lineId },
      c.token,
    );
    expect(removed.data?.removeCartLine.lineCount).toBe(0);
    expect(gw.api.requests.slice(before)).toHaveLength(1);
  });
});

describe('checkout and payment', () => {
  it('charges the server-computed total and turns the payment into one order', async () => {
    const c = await signUp(gw);
    await add(c.token, 3, 2);
    await add(c.token, 4, 1);
    const session = await checkout(c.token);
    const total = (catalogue[3]?.price ?? 0) * 2 + (catalogue[4]?.price ?? 0) + 100;
    expect(session).toMatchObject({
      total,
      amount: total * 100,
      currency: 'INR',
      shipping: 100,
      keyId: 'rzp_test_digitic_simulator',
      scriptUrl: '/payment-simulator/checkout.js',
    });
    const paid = await pay(session.providerOrderId);
    const order = await place(c.token, paid);
    expect(order.errors).toBeUndefined();
    expect(order.data?.placeOrder).toMatchObject({
      total,
      status: 'ORDERED',
      shippingAddress: { ...address, other: null, phone: null },
      payment: { providerOrderId: session.providerOrderId, providerPaymentId: paid.razorpay_payment_id },
    });
    const replay = await place(c.token, paid);
    expect(replay.data?.placeOrder.id).toBe(order.data?.placeOrder.id);
    const mine = await gw.gql<{ myOrders: { id: string }[] }>('{ myOrders { id total items { title quantity } } }', {}, c.token);
    expect(mine.data?.myOrders.map((o) => o.id)).toEqual([order.data?.placeOrder.id]);
    expect((await gw.gql('{ cart { lineCount } }', {}, c.token)).data).toEqual({ cart: { lineCount: 0 } });
  });

  it('makes no order from a forged signature', async () => {
    const c = await signUp(gw);
    await add(c.token, 5);
    const paid = await pay((await checkout(c.token)).providerOrderId);
    const res = await place(c.token, paid, 'a'.repeat(64));
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'PAYMENT_FAILED' } });
    expect((await gw.gql('{ myOrders { id } }', {}, c.token)).data).toEqual({ myOrders: [] });
    expect((await gw.gql('{ cart { lineCount } }', {}, c.token)).data).toEqual({ cart: { lineCount: 1 } });
  });

  it('orders what was paid for when the cart changed after the payment started, and keeps the rest in the cart', async () => {
    const c = await signUp(gw);
    await add(c.token, 6);
    const session = await checkout(c.token);
    await add(c.token, 7);
    const res = await place(c.token, await pay(session.providerOrderId));
    expect(res.errors).toBeUndefined();
    expect(res.data?.placeOrder.total).toBe(session.total);
    const cart = await gw.gql<{ cart: { lines: { product: { id: string } }[] } }>('{ cart { lines { product { id } } } }', {}, c.token);
    expect(cart.data?.cart.lines.map((l) => l.product.id)).toEqual([catalogue[7]?.id]);
  });

  it('tells its owner what became of a checkout, and no one else', async () => {
    const c = await signUp(gw);
    const other = await signUp(gw, 'Ravi');
    await add(c.token, 11);
    const session = await checkout(c.token);
    const STATUS = 'query($id: String!) { checkoutStatus(providerOrderId: $id) { providerOrderId state orderId total reason } }';
    const started = await gw.gql<{ checkoutStatus: { state: string } }>(STATUS, { id: session.providerOrderId }, c.token);
    expect(started.data?.checkoutStatus).toEqual({
      providerOrderId: session.providerOrderId,
      state: 'STARTED',
      orderId: null,
      total: session.total,
      reason: null,
    });
    expect((await gw.gql(STATUS, { id: session.providerOrderId }, other.token)).data).toEqual({ checkoutStatus: null });
    expect((await gw.gql(STATUS, { id: session.providerOrderId })).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await gw.gql(STATUS, { id: 'nope' }, c.token)).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    // The same cart to the same address again: the same checkout, so one payment order.
    expect((await checkout(c.token)).providerOrderId).toBe(session.providerOrderId);
    const order = await place(c.token, await pay(session.providerOrderId));
    const ordered = await gw.gql<{ checkoutStatus: { state: string; orderId: string } }>(STATUS, { id: session.providerOrderId }, c.token);
    expect(ordered.data?.checkoutStatus).toMatchObject({ state: 'ORDERED', orderId: order.data?.placeOrder.id });
  });

  it("passes Razorpay's webhooks at the shop's address to the api, bytes and signature untouched", async () => {
    const { SIMULATOR_WEBHOOK_SECRET, signWebhook } = await import('@digitic/payment-simulator');
    const body = JSON.stringify({ entity: 'event', event: 'payment.authorized', created_at: Math.floor(Date.now() / 1000), payload: {} });
    const post = (signature: string) =>
      fetch(`${gw.url}/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': 'EvtGateway0001' },
        body,
      });
    const good = await post(signWebhook(body, SIMULATOR_WEBHOOK_SECRET));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ status: 'processed', outcome: 'ignored: payment.authorized is not used' });
    const forged = await post(signWebhook(body, 'another secret'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  it('carries a phone for the courier, as people write it, to the order as its ten digits', async () => {
    const c = await signUp(gw);
    await add(c.token, 5);
    const to = { ...address, phone: '+91 98250-12345' };
    const started = await gw.gql<{ startCheckout: { providerOrderId: string } }>(
      'mutation($a: AddressInput!) { startCheckout(address: $a) { providerOrderId } }',
      { a: to },
      c.token,
    );
    expect(started.errors).toBeUndefined();
    const order = await place(c.token, await pay(started.data?.startCheckout.providerOrderId ?? ''), undefined, to);
    expect(order.errors).toBeUndefined();
    expect(order.data?.placeOrder.shippingAddress).toEqual({ ...address, other: null, phone: '9825012345' });
    const mine = await gw.gql<{ myOrders: { shippingAddress: { phone: string | null } }[] }>(
      '{ myOrders { shippingAddress { phone } } }',
      {},
      c.token,
    );
    expect(mine.data?.myOrders).toEqual([{ shippingAddress: { phone: '9825012345' } }]);
  });

  it('refuses an empty cart, a bad address and a guest', async () => {
    const c = await signUp(gw);
    const empty = await gw.gql('mutation($a: AddressInput!) { startCheckout(address: $a) { total } }', { a: address }, c.token);
    expect(empty.errors?.[0]).toMatchObject({ message: 'Your cart is empty', extensions: { code: 'BAD_USER_INPUT' } });
    await add(c.token, 8);
    const noCity = await gw.gql(
      'mutation($a: AddressInput!) { startCheckout(address: $a) { total } }',
      { a: { ...address, city: ' ' } },
      c.token,
    );
    expect(noCity.errors?.[0]).toMatchObject({ message: 'city is Required', extensions: { field: 'address.city' } });
    const abroad = await gw.gql(
      'mutation($a: AddressInput!) { startCheckout(address: $a) { total } }',
      { a: { ...address, country: 'France' } },
      c.token,
    );
    expect(abroad.errors?.[0]?.message).toBe('We ship to India only');
    const otherState = await gw.gql(
      'mutation($a: AddressInput!) { startCheckout(address: $a) { total } }',
      { a: { ...address, state: 'Kerala' } },
      c.token,
    );
    expect(otherState.errors?.[0]).toMatchObject({ message: 'We ship to Gujarat only', extensions: { field: 'address.state' } });
    const landline = await gw.gql(
      'mutation($a: AddressInput!) { startCheckout(address: $a) { total } }',
      { a: { ...address, phone: '0261 2345678' } },
      c.token,
    );
    expect(landline.errors?.[0]).toMatchObject({
      message: 'Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9',
      extensions: { code: 'BAD_USER_INPUT', field: 'address.phone' },
    });
    const eleven = await add(c.token, 8, 11);
    expect(eleven.errors?.[0]).toMatchObject({
      message: 'Quantity must be a whole number from 1 to 10',
      extensions: { code: 'BAD_USER_INPUT', field: 'quantity' },
    });
    const guest = await gw.gql('mutation($a: AddressInput!) { startCheckout(address: $a) { total } }', { a: address });
    expect(guest.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('lists orders with their products in two upstream calls', async () => {
    const c = await signUp(gw);
    for (const i of [9, 10]) {
      await add(c.token, i);
      await add(c.token, i + 10);
      await place(c.token, await pay((await checkout(c.token)).providerOrderId));
    }
    const before = gw.api.requests.length;
    const res = await gw.gql<{ myOrders: { items: unknown[] }[] }>(
      '{ myOrders { id status total totalAfterDiscount createdAt items { title quantity price color { title } product { id price inStock } } } }',
      {},
      c.token,
    );
    expect(res.data?.myOrders).toHaveLength(2);
    expect(res.data?.myOrders[0]?.items).toHaveLength(2);
    expect(gw.api.requests.slice(before).length).toBeLessThanOrEqual(2);
  });
});
