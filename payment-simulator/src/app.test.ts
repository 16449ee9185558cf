import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './index.js';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, signPayment } from './keys.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator(0);
});
afterAll(() => sim.close());

const auth = `Basic ${Buffer.from(`${SIMULATOR_KEY_ID}:${SIMULATOR_KEY_SECRET}`).toString('base64')}`;
const json = { 'Content-Type': 'application/json' };
const createOrder = (body: unknown, authorization = auth) =>
  fetch(`${sim.url}/v1/orders`, { method: 'POST', headers: { ...json, Authorization: authorization }, body: JSON.stringify(body) });
const pay = (orderId: string, body: Record<string, unknown>) =>
  fetch(`${sim.url}/sim/orders/${orderId}/pay`, { method: 'POST', headers: json, body: JSON.stringify(body) });

describe('payment simulator', () => {
  it('creates an order like Razorpay and refuses bad amounts and bad keys', async () => {
    const ok = await createOrder({ amount: 50_000, currency: 'INR', receipt: 'cart-1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ entity: 'order', amount: 50_000, amount_due: 50_000, status: 'created' });
    const small = await createOrder({ amount: 99 });
    expect(small.status).toBe(400);
    expect((await small.json()).error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount' });
    expect((await createOrder({ amount: 500 }, 'Basic bm9wZTpub3Bl')).status).toBe(401);
  });

  it('pays an order once with a Razorpay signature, and records a decline', async () => {
    const order = await (await createOrder({ amount: 10_000 })).json();
    const declined = await pay(order.id, { key_id: SIMULATOR_KEY_ID, outcome: 'failure' });
    expect(declined.status).toBe(400);
    const failure = (await declined.json()).error;
    expect(failure.reason).toBe('payment_failed');
    const failed = await fetch(`${sim.url}/v1/payments/${failure.metadata.payment_id}`, { headers: { Authorization: auth } }).then((r) =>
      r.json(),
    );
    expect(failed.status).toBe('failed');

    const paid = await (await pay(order.id, { key_id: SIMULATOR_KEY_ID })).json();
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(paid.razorpay_signature).toBe(signPayment(order.id, paid.razorpay_payment_id, SIMULATOR_KEY_SECRET));
    const fetched = await fetch(`${sim.url}/v1/orders/${order.id}`, { headers: { Authorization: auth } }).then((r) => r.json());
    expect(fetched).toMatchObject({ status: 'paid', amount_paid: 10_000, attempts: 2 });
    expect((await pay(order.id, { key_id: SIMULATOR_KEY_ID })).status).toBe(400);
    expect((await pay(order.id, { key_id: 'rzp_test_other' })).status).toBe(401);
  });

  it('serves checkout.js that defines window.Razorpay', async () => {
    const res = await fetch(`${sim.url}/checkout.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const text = await res.text();
    expect(text).toContain('window.Razorpay = Razorpay');
    expect(text).toContain('modal.ondismiss');
  });
});
