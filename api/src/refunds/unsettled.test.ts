import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type TestCustomer,
} from '../test/harness.js';
import { listUnsettled, settleUnsettled } from './unsettled.js';

let api: TestApi;
let product: ListedProduct;
beforeAll(async () => {
  // The shop refunds a payment that made no order at once; here its refunds fail, so kept payments
  // wait for a person, which is what payments:settle is for.
  api = await startTestApi({
    payments: (config) => ({
      ...createRazorpayProvider(config.razorpay),
      refund: () => Promise.reject(new Error('The payment provider is unreachable')),
    }),
  });
  [product] = (await someProducts(api, 'limit=1')) as [ListedProduct];
});
afterAll(() => api.close());

const shippingInfo = TEST_ADDRESS;

/** A captured payment that made no order: paid for Rs. 1 less than the cart. */
async function keptPayment(c: TestCustomer) {
  await api.http.post('/api/user/cart').set(c.auth).send({ productId: product._id, color: product.color[0]?._id, quantity: 1 });
  const orderId = await createProviderOrder(api, product.price + 99, c.id);
  const paid = await payInSimulator(api, orderId);
  const res = await api.http
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
  expect(res.status).toBe(402);
  return paid.body.razorpay_payment_id as string;
}

describe('payments:settle', () => {
  it('refunds each kept payment once, records it, and a second run refunds nothing', async () => {
    const c = await newCustomer(api);
    const paymentId = await keptPayment(c);
    const provider = createRazorpayProvider(api.config.razorpay);
    expect((await listUnsettled(api.database.db)).map((r) => r.paymentId)).toContain(paymentId);

    const first = await settleUnsettled(api.database.db, provider, { only: paymentId });
    expect(first).toEqual([
      { paymentId, outcome: 'refunded', refundId: expect.stringMatching(/^rfnd_/), amount: (product.price + 99) * 100 },
    ]);
    expect((await provider.fetchPayment(paymentId)).amount_refunded).toBe((product.price + 99) * 100);
    expect((await listUnsettled(api.database.db)).map((r) => r.paymentId)).not.toContain(paymentId);
    expect(await settleUnsettled(api.database.db, provider, { only: paymentId })).toEqual([]);
    const row = (await listUnsettled(api.database.db, true)).find((r) => r.paymentId === paymentId);
    expect(row?.refundId).toBe(first[0] && 'refundId' in first[0] ? first[0].refundId : 'missing');
  });

  it('only records a refund the provider already made (a run cut off after refunding)', async () => {
    const c = await newCustomer(api);
    const paymentId = await keptPayment(c);
    const provider = createRazorpayProvider(api.config.razorpay);
    await provider.refund(paymentId, (product.price + 99) * 100, {});
    expect(await settleUnsettled(api.database.db, provider, { only: paymentId })).toEqual([
      { paymentId, outcome: 'already refunded at the provider', amount: (product.price + 99) * 100 },
    ]);
    const refundTwice = provider.refund(paymentId, 100, {});
    await expect(refundTwice).rejects.toMatchObject({ code: 'PAYMENT_FAILED', message: expect.stringContaining('fully refunded') });
  });

  it('reports a provider that is unreachable as a failed row, and keeps it for the next run', async () => {
    const c = await newCustomer(api);
    const paymentId = await keptPayment(c);
    const dead = createRazorpayProvider({ ...api.config.razorpay, apiUrl: 'http://127.0.0.1:9' });
    const [result] = await settleUnsettled(api.database.db, dead, { only: paymentId });
    expect(result).toMatchObject({ paymentId, outcome: 'failed', why: expect.stringMatching(/unreachable/) });
    expect((await listUnsettled(api.database.db)).map((r) => r.paymentId)).toContain(paymentId);
  });

  it('names an unknown option and exits 2', () => {
    const run = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, '../cli/settle-payments.ts'), '--refnud'],
      {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: path.join(api.config.dataDir, 'cli') },
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unknown option --refnud');
  });
});
