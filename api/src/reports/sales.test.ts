import type { SalesDayRecord } from '@digitic/rest-contract';
import { toPaise } from '@digitic/shop-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, someProducts, staffSession, startTestApi, type TestApi } from '../test/harness.js';
import { shopDayOf } from './sales.js';

// The sales report's figures, checked against the orders and refunds themselves: per shop day (India time),
// what orders paid, what was refunded and the net; and who may read it.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The shop's day of an instant (India time). */
const dayOf = (at: Date) => shopDayOf(at.getTime());

describe('the sales report', () => {
  it('adds up, day by day, what the orders paid and what was refunded, by the dashboard’s rules', async () => {
    const [cheap, dear] = await someProducts(api, 'limit=2&sort=price');
    if (!cheap || !dear) throw new Error('the seed has too few products');
    const { orderId: earlier } = await placeOrder(api, cheap, { quantity: 2 });
    // Placed at 00:10 India time two days ago (18:40 UTC the evening before): it counts on the shop's day, not UTC's.
    const justAfterMidnight = new Date(`${shopDayOf(Date.now(), 3)}T18:40:00Z`);
    await sql`update orders set created_at = ${justAfterMidnight} where id = ${earlier}`.execute(api.database.db);
    const { orderId } = await placeOrder(api, dear);
    const owner = await staffSession(api, 'owner');
    // A refund of the dear order's line: today's money out.
    const current = await api.http.get(`/api/admin/orders/${orderId}`).set(owner.auth);
    const refund = await api.http
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set(owner.auth)
      .send({ reason: 'Dented', version: current.body.version, lines: [{ itemId: current.body.lines[0].id, quantity: 1 }] });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    const res = await api.http.get('/api/admin/reports/sales?days=7').set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(7);
    expect(res.body.days.at(-1).day).toBe(shopDayOf(Date.now()));

    // The same figures, from the rows.
    const orders = await api.database.db.selectFrom('orders').select(['created_at', 'total_price_after_discount']).execute();
    const refunds = await api.database.db.selectFrom('order_refunds').select(['created_at', 'amount', 'state']).execute();
    for (const d of res.body.days as SalesDayRecord[]) {
      const placed = orders.filter((o) => dayOf(o.created_at) === d.day);
      const taken = placed.reduce((n, o) => n + toPaise(o.total_price_after_discount), 0);
      const out = refunds.filter((r) => r.state !== 'failed' && dayOf(r.created_at) === d.day).reduce((n, r) => n + r.amount, 0);
      expect(d, d.day).toEqual({
        day: d.day,
        orders: placed.length,
        takenPaise: taken,
        refundedPaise: out,
        netPaise: taken - out,
        averageOrderPaise: placed.length ? Math.round(taken / placed.length) : 0,
      });
    }
    const today = res.body.days.at(-1);
    expect(today.orders).toBeGreaterThanOrEqual(1);
    expect(res.body.days.find((d: { day: string }) => d.day === shopDayOf(Date.now(), 2)).orders).toBe(1);
    expect(today.refundedPaise).toBe(refund.body.payment.refunds.at(-1).amountPaise);
    expect(res.body.totals.orders).toBe(res.body.days.reduce((n: number, d: { orders: number }) => n + d.orders, 0));
    expect(res.body.totals.netPaise).toBe(res.body.totals.takenPaise - res.body.totals.refundedPaise);
    // The dashboard's today says the same.
    const dash = await api.http.get('/api/admin/dashboard').set(owner.auth);
    expect(dash.body.today).toMatchObject({ takenPaise: today.takenPaise, refundedPaise: today.refundedPaise, netPaise: today.netPaise });
  });

  it('covers 7, 30 or 90 days and names anything else', async () => {
    const owner = await staffSession(api, 'owner');
    for (const days of [30, 90]) {
      expect((await api.http.get(`/api/admin/reports/sales?days=${days}`).set(owner.auth)).body.days).toHaveLength(days);
    }
    const wrong = await api.http.get('/api/admin/reports/sales?days=365').set(owner.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('days is 7, 30 or 90');
  });

  it('is for the owner and managers, not for who packs or answers', async () => {
    for (const [role, status] of [
      ['manager', 200],
      ['fulfilment', 403],
      ['support', 403],
      ['catalogue', 403],
    ] as const) {
      const member = await staffSession(api, role);
      expect((await api.http.get('/api/admin/reports/sales').set(member.auth)).status, role).toBe(status);
    }
  });
});
