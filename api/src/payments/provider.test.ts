import { type RunningSimulator, SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, signPayment, startSimulator } from '@digitic/payment-simulator';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.js';
import { createRazorpayProvider, pointSdkAt } from './provider.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator(0);
});
afterAll(() => sim.close());

describe('the razorpay SDK pointed at the simulator', () => {
  it('still exposes its axios instance as api.rq (fails if the SDK moves the hook)', () => {
    const client = new Razorpay({ key_id: SIMULATOR_KEY_ID, key_secret: SIMULATOR_KEY_SECRET });
    const rq = (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq;
    expect(rq.defaults.baseURL).toBe('https://api.razorpay.com');
    pointSdkAt(client, sim.url);
    expect(rq.defaults.baseURL).toBe(sim.url);
  });

  it('creates and fetches orders and payments through the real SDK', async () => {
    const client = new Razorpay({ key_id: SIMULATOR_KEY_ID, key_secret: SIMULATOR_KEY_SECRET });
    pointSdkAt(client, sim.url);
    const order = await client.orders.create({ amount: 12_300, currency: 'INR', receipt: 'r1' });
    expect(order).toMatchObject({ entity: 'order', amount: 12_300, currency: 'INR', status: 'created', receipt: 'r1' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const paid = await fetch(`${sim.url}/sim/orders/${order.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_id: SIMULATOR_KEY_ID }),
    }).then((r) => r.json() as Promise<{ razorpay_payment_id: string; razorpay_signature: string }>);
    expect(paid.razorpay_signature).toBe(signPayment(order.id, paid.razorpay_payment_id, SIMULATOR_KEY_SECRET));

    const provider = createRazorpayProvider({ keyId: SIMULATOR_KEY_ID, keySecret: SIMULATOR_KEY_SECRET, apiUrl: sim.url });
    expect(provider.verifySignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);
    expect(provider.verifySignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature.replace(/.$/, '0'))).toBe(
      paid.razorpay_signature.endsWith('0'),
    );
    expect(provider.verifySignature(order.id, paid.razorpay_payment_id, 'short')).toBe(false);
    await expect(provider.fetchOrder(order.id)).resolves.toMatchObject({ status: 'paid', amount_paid: 12_300 });
    await expect(provider.fetchPayment(paid.razorpay_payment_id)).resolves.toMatchObject({ status: 'captured', order_id: order.id });
  });

  it('maps an unknown id to PAYMENT_FAILED, wrong keys and a dead host to 503', async () => {
    const provider = createRazorpayProvider({ keyId: SIMULATOR_KEY_ID, keySecret: SIMULATOR_KEY_SECRET, apiUrl: sim.url });
    await expect(provider.fetchPayment('pay_DoesNotExist00')).rejects.toMatchObject({ code: 'PAYMENT_FAILED' });
    const wrongKeys = createRazorpayProvider({ keyId: SIMULATOR_KEY_ID, keySecret: 'wrong', apiUrl: sim.url });
    await expect(wrongKeys.fetchOrder('order_x')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const dead = createRazorpayProvider({ keyId: SIMULATOR_KEY_ID, keySecret: SIMULATOR_KEY_SECRET, apiUrl: 'http://127.0.0.1:9' });
    const err = await dead.fetchOrder('order_x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The payment provider is unreachable. No order was placed; please try again.',
    });
  });
});
