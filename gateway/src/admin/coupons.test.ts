import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../test/back-office.js';
import { signUp, startTestGateway, type TestGateway } from '../test/harness.js';

let gw: TestGateway;
let catalogue: { id: string; price: number; colors: { id: string }[] }[];
beforeAll(async () => {
  const adminDist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  gw = await startTestGateway({ ADMIN_DIST: adminDist });
  const res = await gw.gql<{ products: { items: typeof catalogue } }>(
    '{ products(pageSize: 100, sort: PRICE_ASC) { items { id price colors { id } } } }',
  );
  catalogue = res.data?.products.items ?? [];
});
afterAll(() => gw.close());

const COUPON =
  'id code description kind value startsAt expiresAt minOrder usageLimit perCustomerLimit active version used held discountGiven createdAt updatedAt';
interface CouponShape {
  id: string;
  code: string;
  version: number;
  active: boolean;
  used: number;
  held: number;
  discountGiven: number;
}
const address = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};
const APPLIED = 'coupon { code discount } discount totalAfterDiscount';

let serial = 0;
const code = () => `GW${Date.now().toString(36).toUpperCase()}${(serial++).toString(36).toUpperCase()}`;

async function add(token: string, i: number, quantity = 1) {
  const p = catalogue[i];
  const res = await gw.gql(
    'mutation($i: AddToCartInput!) { addToCart(input: $i) { id } }',
    {
      i: { productId: p?.id, colorId: p?.colors[0]?.id, quantity },
    },
    token,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return (p?.price ?? 0) * quantity;
}

async function pay(providerOrderId: string) {
  const res = await fetch(`${gw.url}/payment-simulator/sim/orders/${providerOrderId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: 'rzp_test_digitic_simulator', outcome: 'success' }),
  });
  return (await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

describe('coupons in the admin schema', () => {
  it('makes, reads, lists and changes a coupon; every field through the api', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const c = code();
    const made = await desk.admin<{ createCoupon: CouponShape }>(`mutation($i: CouponInput!) { createCoupon(input: $i) { ${COUPON} } }`, {
      i: {
        code: c.toLowerCase(),
        description: 'Winter',
        kind: 'PERCENT',
        value: 12,
        startsAt: '2026-01-01T00:00:00+05:30',
        expiresAt: '2099-01-01T00:00:00+05:30',
        minOrder: 1000,
        usageLimit: 50,
        perCustomerLimit: 2,
      },
    });
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined();
    expect(made.data?.createCoupon).toMatchObject({
      code: c,
      description: 'Winter',
      kind: 'PERCENT',
      value: 12,
      startsAt: '2025-12-31T18:30:00.000Z',
      expiresAt: '2098-12-31T18:30:00.000Z',
      minOrder: 1000,
      usageLimit: 50,
      perCustomerLimit: 2,
      active: true,
      version: 0,
      used: 0,
      held: 0,
      discountGiven: 0,
    });
    const id = made.data?.createCoupon.id as string;

    const bad = await desk.admin(`mutation($i: CouponInput!) { createCoupon(input: $i) { id } }`, {
      i: { code: 'x', kind: 'PERCENT', value: 10 },
    });
    expect(bad.errors?.[0]).toMatchObject({ message: 'A coupon code is 3 to 32 letters, digits, - or _', extensions: { field: 'code' } });

    const changed = await desk.admin<{ updateCoupon: CouponShape }>(
      `mutation($id: ID!, $v: Int!, $i: CouponInput!) { updateCoupon(id: $id, version: $v, input: $i) { ${COUPON} } }`,
      { id, v: 0, i: { code: c, kind: 'FIXED', value: 250, active: false } },
    );
    expect(changed.data?.updateCoupon).toMatchObject({
      kind: 'FIXED',
      value: 250,
      active: false,
      version: 1,
      startsAt: null,
      usageLimit: null,
    });
    const stale = await desk.admin(
      `mutation($id: ID!, $v: Int!, $i: CouponInput!) { updateCoupon(id: $id, version: $v, input: $i) { id } }`,
      {
        id,
        v: 0,
        i: { code: c, kind: 'FIXED', value: 300 },
      },
    );
    expect(stale.errors?.[0]?.extensions?.code).toBe('VERSION_CONFLICT');

    const list = await desk.admin<{ coupons: { items: CouponShape[]; total: number; page: number; pageSize: number } }>(
      `query($s: String) { coupons(search: $s, status: INACTIVE, pageSize: 5) { items { ${COUPON} } total page pageSize } }`,
      { s: c.toLowerCase() },
    );
    expect(list.data?.coupons).toMatchObject({ total: 1, page: 1, pageSize: 5, items: [{ id, code: c }] });
    const one = await desk.admin<{ coupon: CouponShape }>(`query($id: ID!) { coupon(id: $id) { id code } }`, { id });
    expect(one.data?.coupon).toEqual({ id, code: c });
    const none = await desk.admin('query { coupon(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(none.data).toEqual({ coupon: null });
  });

  it('is refused to staff without coupons:manage', async () => {
    const { browser: packer } = await signedInStaff(gw, 'fulfilment');
    const res = await packer.admin('{ coupons { total } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('a coupon through the storefront schema', () => {
  it('quotes, starts, pays and orders the discounted total; the order, My Orders and the desk show it; a refund gives back what was paid', async () => {
    const { browser: desk } = await signedInStaff(gw, 'owner');
    const c = code();
    const made = await desk.admin<{ createCoupon: CouponShape }>(`mutation($i: CouponInput!) { createCoupon(input: $i) { id } }`, {
      i: { code: c, kind: 'FIXED', value: 400 },
    });
    const couponId = made.data?.createCoupon.id as string;
    const shopper = await signUp(gw);
    const subtotal = (await add(shopper.token, 2, 2)) + (await add(shopper.token, 5));
    const total = subtotal + 100;

    const quote = await gw.gql<{ checkoutQuote: Record<string, unknown> }>(
      `query($c: String) { checkoutQuote(couponCode: $c) { subtotal shipping total ${APPLIED} } }`,
      { c: ` ${c.toLowerCase()} ` },
      shopper.token,
    );
    expect(quote.data?.checkoutQuote).toEqual({
      subtotal,
      shipping: 100,
      total,
      coupon: { code: c, discount: 400 },
      discount: 400,
      totalAfterDiscount: total - 400,
    });
    const plain = await gw.gql<{ checkoutQuote: Record<string, unknown> }>(`{ checkoutQuote { total ${APPLIED} } }`, {}, shopper.token);
    expect(plain.data?.checkoutQuote).toEqual({ total, coupon: null, discount: 0, totalAfterDiscount: total });
    const unknown = await gw.gql('{ checkoutQuote(couponCode: "NOPE-NOPE") { total } }', {}, shopper.token);
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'The coupon code NOPE-NOPE is not valid',
      extensions: { code: 'BAD_USER_INPUT', field: 'couponCode' },
    });
    const shape = await gw.gql('{ checkoutQuote(couponCode: "no way!") { total } }', {}, shopper.token);
    expect(shape.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'couponCode' } });
    const guest = await gw.gql(`{ checkoutQuote(couponCode: "${c}") { total } }`);
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const started = await gw.gql<{ startCheckout: { providerOrderId: string; amount: number; total: number; discount: number } }>(
      `mutation($a: AddressInput!, $c: String) { startCheckout(address: $a, couponCode: $c) { providerOrderId amount total ${APPLIED} } }`,
      { a: address, c },
      shopper.token,
    );
    expect(started.data?.startCheckout).toMatchObject({
      amount: (total - 400) * 100,
      total,
      coupon: { code: c, discount: 400 },
      discount: 400,
      totalAfterDiscount: total - 400,
    });
    const providerOrderId = started.data?.startCheckout.providerOrderId as string;
    const status = await gw.gql<{ checkoutStatus: Record<string, unknown> }>(
      'query($p: String!) { checkoutStatus(providerOrderId: $p) { total totalAfterDiscount state } }',
      { p: providerOrderId },
      shopper.token,
    );
    expect(status.data?.checkoutStatus).toEqual({ total, totalAfterDiscount: total - 400, state: 'STARTED' });

    const paid = await pay(providerOrderId);
    const placed = await gw.gql<{ placeOrder: { id: string } }>(
      'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { id total totalAfterDiscount coupon { code discount } } }',
      {
        i: {
          address,
          payment: {
            providerOrderId: paid.razorpay_order_id,
            providerPaymentId: paid.razorpay_payment_id,
            signature: paid.razorpay_signature,
          },
        },
      },
      shopper.token,
    );
    expect(placed.data?.placeOrder).toMatchObject({ total, totalAfterDiscount: total - 400, coupon: { code: c, discount: 400 } });
    const orderId = placed.data?.placeOrder.id as string;
    const mine = await gw.gql<{ myOrders: { id: string; coupon: unknown }[] }>(
      '{ myOrders { id coupon { code discount } } }',
      {},
      shopper.token,
    );
    expect(mine.data?.myOrders.find((o) => o.id === orderId)?.coupon).toEqual({ code: c, discount: 400 });

    const inDesk = await desk.admin<{
      order: { version: number; total: number; totalAfterDiscount: number; couponCode: string; discount: number };
    }>('query($id: ID!) { order(id: $id) { version total totalAfterDiscount couponCode discount } }', { id: orderId });
    expect(inDesk.data?.order).toMatchObject({ total, totalAfterDiscount: total - 400, couponCode: c, discount: 400 });
    const refunded = await desk.admin<{ refundOrder: { payment: { leftToRefundPaise: number; refunds: { amountPaise: number }[] } } }>(
      'mutation($i: RefundOrderInput!) { refundOrder(input: $i) { payment { leftToRefundPaise refunds { amountPaise } } } }',
      { i: { orderId, version: inDesk.data?.order.version, reason: 'Changed their mind' } },
    );
    expect(refunded.errors, JSON.stringify(refunded.errors)).toBeUndefined();
    expect(refunded.data?.refundOrder.payment.refunds.map((r) => r.amountPaise)).toEqual([(total - 400) * 100]);
    expect(refunded.data?.refundOrder.payment.leftToRefundPaise).toBe(0);

    const used = await desk.admin<{ coupon: CouponShape }>(`query($id: ID!) { coupon(id: $id) { used held discountGiven } }`, {
      id: couponId,
    });
    expect(used.data?.coupon).toEqual({ used: 1, held: 0, discountGiven: 400 });
  });
});
