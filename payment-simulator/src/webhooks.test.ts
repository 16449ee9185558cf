import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './index.js';
import { SIMULATOR_KEY_ID, SIMULATOR_KEY_SECRET, SIMULATOR_WEBHOOK_SECRET, signWebhook } from './keys.js';
import { parseWebhookMode } from './webhooks.js';

// A receiver standing in for the shop: answers each delivery with the next status of `answers`.
interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}
let receiver: Server;
let url: string;
const received: Received[] = [];
let answers: number[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      res.statusCode = answers.shift() ?? 200;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const auth = `Basic ${Buffer.from(`${SIMULATOR_KEY_ID}:${SIMULATOR_KEY_SECRET}`).toString('base64')}`;

async function paidOrder(sim: RunningSimulator, outcome: 'success' | 'failure' = 'success') {
  const order = (await (
    await fetch(`${sim.url}/v1/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: auth },
      body: JSON.stringify({ amount: 25_000, notes: { customer: 'c1' } }),
    })
  ).json()) as { id: string };
  await fetch(`${sim.url}/sim/orders/${order.id}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: SIMULATOR_KEY_ID, outcome }),
  });
  return order.id;
}

async function until(probe: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('simulator webhooks', () => {
  it("sends payment.captured and order.paid in Razorpay's envelope, signed, with its headers", async () => {
    received.length = 0;
    const sim = await startSimulator(0, { webhooks: { url, retryBaseMs: 20 } });
    try {
      const orderId = await paidOrder(sim);
      await until(() => received.length === 2);
      const events = received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
      expect(events.map((e) => e.event).sort()).toEqual(['order.paid', 'payment.captured']);
      const captured = events.find((e) => e.event === 'payment.captured') as { payload: { payment: { entity: Record<string, unknown> } } };
      expect(captured).toMatchObject({ entity: 'event', contains: ['payment'], created_at: expect.any(Number) });
      expect(captured.payload.payment.entity).toMatchObject({ order_id: orderId, amount: 25_000, currency: 'INR', status: 'captured' });
      for (const r of received) {
        expect(r.headers['x-razorpay-signature']).toBe(signWebhook(r.body, SIMULATOR_WEBHOOK_SECRET));
        expect(r.headers['x-razorpay-event-id']).toMatch(/^[A-Za-z0-9]{14}$/);
        expect(r.headers['content-type']).toBe('application/json');
      }
      expect(new Set(received.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(2);
    } finally {
      await sim.close();
    }
  });

  it('retries with a doubling back-off until the shop answers 2xx, with the same id and body', async () => {
    received.length = 0;
    answers = [500, 503, 500];
    const sim = await startSimulator(0, { webhooks: { url, retryBaseMs: 50 } });
    try {
      await paidOrder(sim, 'failure');
      await until(() => received.length === 4);
      expect(new Set(received.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(1);
      expect(new Set(received.map((r) => r.body)).size).toBe(1);
      expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ event: 'payment.failed' });
      const gaps = received.slice(1).map((r, i) => r.at - (received[i] as Received).at);
      expect(gaps[1]).toBeGreaterThan(gaps[0] as number);
      expect(gaps[2]).toBeGreaterThan(gaps[1] as number);
      // The shop has the fourth request before the simulator has its answer: wait for the answer.
      await until(() => sim.webhooks.deliveries[0]?.status === 'delivered');
      expect(sim.webhooks.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 200 });
    } finally {
      await sim.close();
    }
  });

  it('drops or delays events when told to, and redelivers one on request', async () => {
    received.length = 0;
    answers = [];
    const sim = await startSimulator(0, { webhooks: { url, retryBaseMs: 20 } });
    try {
      const set = (body: unknown) =>
        fetch(`${sim.url}/sim/webhooks`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: auth },
          body: JSON.stringify(body),
        });
      expect((await set({ mode: 'sideways' })).status).toBe(400);
      expect((await fetch(`${sim.url}/sim/webhooks`)).status).toBe(401);
      await set({ mode: 'drop' });
      await paidOrder(sim);
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toHaveLength(0);
      expect(sim.webhooks.deliveries.map((d) => d.status)).toEqual(['dropped', 'dropped']);

      await set({ mode: 'delay', delayMs: 300 });
      const started = Date.now();
      await paidOrder(sim);
      await until(() => received.length === 2);
      expect((received[0] as Received).at - started).toBeGreaterThanOrEqual(250);

      const first = sim.webhooks.deliveries[0]?.id as string;
      const again = await fetch(`${sim.url}/sim/webhooks/${first}/redeliver`, { method: 'POST', headers: { Authorization: auth } });
      expect(again.status).toBe(200);
      await until(() => received.length === 3);
      expect(received[2]?.headers['x-razorpay-event-id']).toBe(first);
    } finally {
      await sim.close();
    }
  });

  it('reads PAYMENT_SIM_WEBHOOKS, naming a bad value', () => {
    expect(parseWebhookMode(undefined)).toEqual({ mode: 'deliver', delayMs: 0 });
    expect(parseWebhookMode('drop')).toEqual({ mode: 'drop', delayMs: 0 });
    expect(parseWebhookMode('delay:1500')).toEqual({ mode: 'delay', delayMs: 1500 });
    expect(() => parseWebhookMode('later')).toThrow(/PAYMENT_SIM_WEBHOOKS must be deliver, drop or delay:<ms>/);
  });
});
