import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailable } from '../domain/errors.js';
import { createRazorpayProvider } from '../payments/provider.js';
import {
  createProviderOrder,
  type ListedProduct,
  newCustomer,
  payInSimulator,
  someProducts,
  startTestApi,
  TEST_ADDRESS,
  type TestApi,
} from '../test/harness.js';

// Under load the provider may not answer the browser's create-order in time while its webhook (or another tab) makes
// the order: the shopper is then answered with that order, never "unreachable" for an order that exists (issue 54).

let api: TestApi;
/** When set, the provider's next look-up lets another request make the order first, then fails as a slow provider does. */
let raceFirst: (() => Promise<unknown>) | null = null;
beforeAll(async () => {
  api = await startTestApi({
    payments: (config) => {
      const real = createRazorpayProvider(config.razorpay);
      return {
        ...real,
        async fetchOrder(id) {
          const race = raceFirst;
          if (!race) return real.fetchOrder(id);
          raceFirst = null;
          await race();
          throw unavailable('The payment service is not answering');
        },
      };
    },
  });
});
afterAll(() => api.close());

describe('the provider not answering while the order is made elsewhere', () => {
  it('answers the order that was made, not that the provider is unreachable', async () => {
    const [product] = (await someProducts(api, 'limit=1&sort=price')) as [ListedProduct];
    const c = await newCustomer(api);
    await api.http.post('/api/user/cart').set(c.auth).send({ productId: product._id, color: product.color[0]?._id, quantity: 1 });
    const paid = await payInSimulator(api, await createProviderOrder(api, product.price + 100, c.id));
    const body = {
      shippingInfo: TEST_ADDRESS,
      paymentInfo: {
        razorpayOrderId: paid.body.razorpay_order_id,
        razorpayPaymentId: paid.body.razorpay_payment_id,
        razorpaySignature: paid.body.razorpay_signature,
      },
    };
    const create = () => api.http.post('/api/user/cart/create-order/').set(c.auth).send(body);
    let elsewhere: Awaited<ReturnType<typeof create>> | null = null;
    raceFirst = async () => {
      elsewhere = await create();
    };
    const answered = await create();
    expect(elsewhere).toMatchObject({ status: 201 });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.order._id).toBe((elsewhere as unknown as { body: { order: { _id: string } } }).body.order._id);
    // And with no order made, the provider's silence is still said as it is.
    const other = await newCustomer(api);
    await api.http.post('/api/user/cart').set(other.auth).send({ productId: product._id, color: product.color[0]?._id, quantity: 1 });
    const alsoPaid = await payInSimulator(api, await createProviderOrder(api, product.price + 100, other.id));
    raceFirst = async () => undefined;
    const down = await api.http
      .post('/api/user/cart/create-order/')
      .set(other.auth)
      .send({
        ...body,
        paymentInfo: {
          razorpayOrderId: alsoPaid.body.razorpay_order_id,
          razorpayPaymentId: alsoPaid.body.razorpay_payment_id,
          razorpaySignature: alsoPaid.body.razorpay_signature,
        },
      });
    expect(down.status).toBe(503);
  });
});
