// GST through the real api: a checkout prices it per line (a coupon's share taken off first), the order keeps
// it, and the split follows where the parcel goes against where the seller is registered.
import { gstOf, shareDiscount, SHIPPING_FEE, toPaise } from '@digitic/shop-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListedProduct,
  newCustomer,
  payInSimulator,
  someProducts,
  staffSession,
  startTestApi,
  TEST_ADDRESS,
  type TestApi,
  type TestCustomer,
} from '../test/harness.js';

let gujarat: TestApi;
let maharashtra: TestApi;
beforeAll(async () => {
  [gujarat, maharashtra] = await Promise.all([
    // The demo's seller, registered in Gujarat.
    startTestApi(),
    // A seller registered in Maharashtra: a parcel to Gujarat crosses a state line.
    startTestApi({
      env: {
        SELLER_LEGAL_NAME: 'Pune Gadgets LLP',
        SELLER_ADDRESS: '12 FC Road, Pune 411004',
        SELLER_STATE: 'Maharashtra',
        SELLER_GSTIN: '27AAPFU0939F1ZV',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([gujarat.close(), maharashtra.close()]);
});

interface Bought {
  product: ListedProduct;
  quantity: number;
}

/** A new customer's cart of the cheapest two products (2 and 1), and a 10 % coupon made by the catalogue desk. */
async function cartAndCoupon(api: TestApi): Promise<{ customer: TestCustomer; bought: Bought[]; code: string }> {
  const products = await someProducts(api, 'limit=2&sort=price');
  const customer = await newCustomer(api);
  const bought = [
    { product: products[0] as ListedProduct, quantity: 2 },
    { product: products[1] as ListedProduct, quantity: 1 },
  ];
  for (const { product, quantity } of bought) {
    const res = await api.http
      .post('/api/user/cart')
      .set(customer.auth)
      .send({ productId: product._id, color: product.color[0]?._id, quantity });
    expect(res.status).toBeLessThan(300);
  }
  const desk = await staffSession(api, 'catalogue');
  const code = `GST${Date.now().toString(36).toUpperCase()}`;
  const coupon = await api.http.post('/api/admin/coupons').set(desk.auth).send({ code, kind: 'percent', value: 10 });
  expect(coupon.status).toBe(201);
  return { customer, bought, code };
}

async function payAndOrder(api: TestApi, customer: TestCustomer, providerOrderId: string, shippingInfo: object) {
  const paid = await payInSimulator(api, providerOrderId);
  const res = await api.http
    .post('/api/user/cart/create-order')
    .set(customer.auth)
    .send({
      shippingInfo,
      paymentInfo: {
        razorpayOrderId: paid.body.razorpay_order_id,
        razorpayPaymentId: paid.body.razorpay_payment_id,
        razorpaySignature: paid.body.razorpay_signature,
      },
    });
  expect(res.status).toBe(201);
  return res.body.order._id as string;
}

describe('GST', () => {
  it('inside the seller’s state: CGST + SGST per line, the coupon’s share off each line first, shipping at 18 %; the order keeps it', async () => {
    const { customer, bought, code } = await cartAndCoupon(gujarat);
    const subtotal = bought.reduce((s, b) => s + b.product.price * b.quantity, 0);
    const discount = Math.floor(subtotal / 10);
    const quote = await gujarat.http.get('/api/user/order/quote').query({ couponCode: code }).set(customer.auth);
    expect(quote.status).toBe(200);

    const shippingInfo = { ...TEST_ADDRESS, gstin: ' 24aaacd1234f1zd ' };
    const started = await gujarat.http.post('/api/user/order/checkout').set(customer.auth).send({ shippingInfo, couponCode: code });
    expect(started.status).toBe(201);
    const { checkout } = started.body;
    const shares = shareDiscount(
      bought.map((b) => ({ quantity: b.quantity, price: b.product.price })),
      toPaise(discount),
    );
    const expected = bought.map((b, i) => gstOf(b.quantity * b.product.price * 100 - (shares[i] ?? 0), 1800, true));
    expect(checkout.lines.map((l: { tax: unknown }) => l.tax)).toEqual(expected);
    expect(checkout.lines.map((l: { hsnCode: string; gstRate: number }) => [l.hsnCode, l.gstRate])).toEqual(
      bought.map(() => [expect.stringMatching(/^\d{4}$/), 18]),
    );
    const shipping = gstOf(SHIPPING_FEE * 100, 1800, true);
    expect(checkout.tax).toMatchObject({
      sellerState: 'Gujarat',
      sellerGstin: '24AAACD1234F1ZD',
      placeOfSupply: 'Gujarat',
      intraState: true,
      stateTaxName: 'SGST',
      buyerGstin: '24AAACD1234F1ZD',
      shipping: { ...shipping, sac: '996812' },
    });
    const total = checkout.tax.total;
    // What is paid, to the paisa: goods less the coupon, and shipping; the taxable value and the GST add up to it.
    expect(total.value).toBe((subtotal - discount + SHIPPING_FEE) * 100);
    expect(total.value).toBe(checkout.amount);
    expect(total.taxable + total.cgst + total.sgst).toBe(total.value);
    expect(total.igst).toBe(0);
    expect(total.cgst).toBe(expected.reduce((s, t) => s + t.cgst, shipping.cgst));
    // The quote said the same GST before the address was known.
    expect(quote.body.gstPaise).toBe(total.cgst + total.sgst);
    expect(quote.body.taxablePaise).toBe(total.taxable);

    const orderId = await payAndOrder(gujarat, customer, checkout.razorpayOrderId, shippingInfo);
    const { order } = (await gujarat.http.get(`/api/user/orders/${orderId}`).set(customer.auth)).body;
    expect(order.tax).toEqual(checkout.tax);
    expect(order.shippingInfo.gstin).toBe('24AAACD1234F1ZD');
    expect(order.orderItems.map((i: { tax: { hsnCode: string } }) => i.tax)).toEqual(
      expected.map((t, i) => ({ ...t, hsnCode: checkout.lines[i].hsnCode })),
    );
  });

  it('to another state: the same GST, all of it IGST; a product’s own rate and HSN code are what its line carries', async () => {
    const { customer, bought, code } = await cartAndCoupon(maharashtra);
    // The second product is at 5 %, under its own code: its line and the shipping's rate (the highest, 18 %) show it.
    await maharashtra.database.db
      .updateTable('products')
      .set({ gst_rate_bp: 500, hsn_code: '85176290' })
      .where('id', '=', (bought[1] as Bought).product._id)
      .execute();
    const started = await maharashtra.http
      .post('/api/user/order/checkout')
      .set(customer.auth)
      .send({ shippingInfo: TEST_ADDRESS, couponCode: code });
    expect(started.status).toBe(201);
    const { tax, lines } = started.body.checkout;
    expect(tax).toMatchObject({ sellerState: 'Maharashtra', placeOfSupply: 'Gujarat', intraState: false, buyerGstin: null });
    expect(tax.total.cgst + tax.total.sgst).toBe(0);
    expect(tax.total.taxable + tax.total.igst).toBe(tax.total.value);
    expect(lines[1]).toMatchObject({ hsnCode: '85176290', gstRate: 5, tax: { rateBp: 500 } });
    expect(lines[1].tax.igst).toBe(gstOf(lines[1].tax.value, 500, false).igst);
    expect(tax.shipping.rateBp).toBe(1800);
    const orderId = await payAndOrder(maharashtra, customer, started.body.checkout.razorpayOrderId, TEST_ADDRESS);
    const row = await maharashtra.database.db
      .selectFrom('order_items')
      .select(['hsn_code', 'gst_rate_bp', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
    expect(row.map((r) => [r.hsn_code, r.gst_rate_bp, Number(r.cgst_paise), Number(r.sgst_paise), Number(r.igst_paise)])).toEqual(
      lines.map((l: { hsnCode: string; tax: { rateBp: number; igst: number } }) => [l.hsnCode, l.tax.rateBp, 0, 0, l.tax.igst]),
    );
  });

  it('refuses a GSTIN that is not one, naming it', async () => {
    const customer = await newCustomer(gujarat);
    const res = await gujarat.http
      .post('/api/user/order/checkout')
      .set(customer.auth)
      .send({ shippingInfo: { ...TEST_ADDRESS, gstin: '24AAACD1234F1ZX' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('shippingInfo.gstin: The GSTIN’s last character does not match: a character is mistyped');
  });
});
