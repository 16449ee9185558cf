import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '@digitic/shop-rules';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../audit/actor.js';
import { DomainError } from '../domain/errors.js';
import { CHECKOUT_TRANSITIONS } from '../checkout/checkout-state.js';
import { type ListedProduct, placeOrder as placeAnOrder, someProducts, startTestApi, type TestApi } from '../test/harness.js';
import { moveOrder } from './order-state.js';
import { recordOrderRefund } from '../refunds/record.js';
import { moveRefund } from '../refunds/refund-state.js';

let api: TestApi;
let product: ListedProduct;
beforeAll(async () => {
  api = await startTestApi();
  [product] = (await someProducts(api, 'limit=1&sort=price')) as [ListedProduct];
});
afterAll(() => api.close());

const STAFF: Actor = { kind: 'staff', id: 'test-staff', label: 'desk@example.com', address: '127.0.0.1', requestId: 'req-1' };
const SHIPMENT = { carrier: 'Delhivery', trackingNumber: 'DL123456789IN', trackingUrl: 'https://track.example/DL123456789IN' };

/** A real order, paid through the simulator and made by the browser's path. */
const placeOrder = async () => (await placeAnOrder(api, product)).orderId;

/** The shortest way from Ordered to `status` along the allowed moves. */
function pathTo(status: OrderStatus): OrderStatus[] {
  const seen = new Map<OrderStatus, OrderStatus[]>([['Ordered', []]]);
  const queue: OrderStatus[] = ['Ordered'];
  while (queue.length) {
    const from = queue.shift() as OrderStatus;
    for (const to of ORDER_TRANSITIONS[from]) {
      if (seen.has(to)) continue;
      seen.set(to, [...(seen.get(from) ?? []), to]);
      queue.push(to);
    }
  }
  return seen.get(status) ?? [];
}

async function orderAt(status: OrderStatus): Promise<string> {
  const id = await placeOrder();
  for (const to of pathTo(status)) await moveOrder(api.database.db, id, { to, actor: STAFF, shipment: SHIPMENT });
  return id;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('the order state machine', () => {
  it('starts an order Ordered, with a placed event on its timeline', async () => {
    const id = await placeOrder();
    const order = await api.database.db
      .selectFrom('orders')
      .select(['order_status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ order_status: 'Ordered', version: 0 });
    const events = await api.database.db.selectFrom('order_events').selectAll().where('order_id', '=', id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'placed', to_status: 'Ordered', actor_kind: 'shopper' });
  });

  // Every pair of statuses: allowed where the table says, refused with TRANSITION_NOT_ALLOWED everywhere else.
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = ORDER_TRANSITIONS[from].includes(to);
      it(`${allowed ? 'allows' : 'refuses'} ${from} → ${to}`, async () => {
        const id = await orderAt(from);
        const before = await api.database.db.selectFrom('orders').select('version').where('id', '=', id).executeTakeFirstOrThrow();
        const result = await refusal(moveOrder(api.database.db, id, { to, actor: STAFF, shipment: SHIPMENT }));
        const after = await api.database.db
          .selectFrom('orders')
          .select(['order_status', 'version'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (allowed) {
          expect(result).toBeNull();
          expect(after).toEqual({ order_status: to, version: before.version + 1 });
        } else {
          expect(result).toBeInstanceOf(DomainError);
          expect(result).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: expect.stringContaining(from) });
          expect(after).toEqual({ order_status: from, version: before.version });
        }
      });
    }
  }

  it('refuses to ship without a carrier and a tracking number, and a tracking link that is not a web address', async () => {
    const id = await orderAt('Processed');
    const move = (shipment: { carrier: string; trackingNumber: string; trackingUrl?: string }) =>
      refusal(moveOrder(api.database.db, id, { to: 'Shipped', actor: STAFF, shipment }));
    expect(await refusal(moveOrder(api.database.db, id, { to: 'Shipped', actor: STAFF }))).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'carrier',
    });
    expect(await move({ carrier: 'Delhivery', trackingNumber: ' ' })).toMatchObject({ code: 'BAD_REQUEST', field: 'trackingNumber' });
    expect(await move({ carrier: 'Delhivery', trackingNumber: 'X1', trackingUrl: 'javascript:alert(1)' })).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'trackingUrl',
    });
    // And the database holds it too, whatever code writes the row.
    await expect(sql`update orders set order_status = 'Shipped' where id = ${id}`.execute(api.database.db)).rejects.toThrow(
      /orders_shipped_with_tracking/,
    );
    await moveOrder(api.database.db, id, { to: 'Shipped', actor: STAFF, shipment: SHIPMENT });
    const row = await api.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ carrier: 'Delhivery', tracking_number: 'DL123456789IN', tracking_url: SHIPMENT.trackingUrl });
    expect(row.shipped_at).toBeInstanceOf(Date);
  });

  it('lets one of two people acting on the same version win; the other is told the order changed', async () => {
    const id = await placeOrder();
    const [a, b] = await Promise.all([
      refusal(moveOrder(api.database.db, id, { to: 'Processed', actor: STAFF, expectedVersion: 0 })),
      refusal(moveOrder(api.database.db, id, { to: 'Cancelled', actor: STAFF, expectedVersion: 0 })),
    ]);
    const outcomes = [a, b].map((r) => (r === null ? 'won' : (r as DomainError).code));
    expect(outcomes.sort()).toEqual(['VERSION_CONFLICT', 'won']);
    const row = await api.database.db
      .selectFrom('orders')
      .select(['order_status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
  });

  it('writes each move on the timeline and in the audit trail with its actor, before and after', async () => {
    const id = await orderAt('Shipped');
    const events = await api.database.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => [e.kind, e.from_status, e.to_status, e.actor_kind])).toEqual([
      ['placed', null, 'Ordered', 'shopper'],
      ['status', 'Ordered', 'Processed', 'staff'],
      ['status', 'Processed', 'Shipped', 'staff'],
    ]);
    expect(events[2]?.detail).toMatchObject({ shipment: { carrier: 'Delhivery', trackingNumber: 'DL123456789IN' } });
    const audit = await api.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_kind', '=', 'order')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['order.placed', 'order.status', 'order.status']);
    expect(audit[2]).toMatchObject({
      actor_kind: 'staff',
      actor_id: 'test-staff',
      actor_label: 'desk@example.com',
      address: '127.0.0.1',
      request_id: 'req-1',
      before: { status: 'Processed', version: 1 },
      after: { status: 'Shipped', version: 2 },
    });
  });
});

describe('the history tables', () => {
  for (const table of ['audit_log', 'order_events']) {
    it(`${table}: the database refuses UPDATE, DELETE and TRUNCATE`, async () => {
      await placeOrder();
      const t = sql.raw(table);
      const before = Number((await sql<{ n: number }>`select count(*)::int as n from ${t}`.execute(api.database.db)).rows[0]?.n);
      expect(before).toBeGreaterThan(0);
      await expect(sql`update ${t} set actor_label = 'someone else'`.execute(api.database.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from ${t}`.execute(api.database.db)).rejects.toThrow(/append-only/);
      await expect(sql`truncate ${t}`.execute(api.database.db)).rejects.toThrow(/append-only/);
      const after = Number((await sql<{ n: number }>`select count(*)::int as n from ${t}`.execute(api.database.db)).rows[0]?.n);
      expect(after).toBe(before);
    });
  }
});

describe('the checkout state machine', () => {
  it('records each of a paid checkout’s moves in the audit trail', async () => {
    const id = await placeOrder();
    const checkout = await api.database.db.selectFrom('checkouts').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(checkout).toMatchObject({ status: 'ordered', version: 2 });
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('subject_kind', '=', 'checkout')
      .where('subject_id', '=', checkout.id)
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['checkout.paid', 'checkout.ordered']);
    // The table is the whole story: a final status moves nowhere.
    expect(CHECKOUT_TRANSITIONS.ordered).toEqual([]);
    expect(CHECKOUT_TRANSITIONS.refunded).toEqual([]);
  });
});

describe("the refund's lifecycle", () => {
  it('moves a refund only from the state and version it was read at: of two who read it, the second is refused', async () => {
    const orderId = await placeOrder();
    const db = api.database.db;
    const refund = await db
      .transaction()
      .execute((trx) => recordOrderRefund(trx, orderId, { reason: 'Damaged', source: 'staff', actor: STAFF }));
    expect(refund).toMatchObject({ state: 'requested', version: 0 });
    expect(await db.transaction().execute((trx) => moveRefund(trx, refund, 'pending', { provider_refund_id: 'rfnd_first' }))).toBe(true);
    // Two read it pending; each would report the provider's word on it again (pending → pending is allowed).
    const read = await db.selectFrom('order_refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect(read).toMatchObject({ state: 'pending', version: 1 });
    expect(await db.transaction().execute((trx) => moveRefund(trx, read, 'pending', { provider_refund_id: 'rfnd_second' }))).toBe(true);
    // The same state, but a version moved on since: refused, and nothing of it written.
    expect(await db.transaction().execute((trx) => moveRefund(trx, read, 'processed', { provider_refund_id: 'rfnd_stale' }))).toBe(false);
    // Nor a move the table does not have, whatever the version.
    const now = await db.selectFrom('order_refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect(now).toMatchObject({ state: 'pending', version: 2, provider_refund_id: 'rfnd_second' });
    expect(await db.transaction().execute((trx) => moveRefund(trx, now, 'requested'))).toBe(false);
    expect(await db.transaction().execute((trx) => moveRefund(trx, now, 'processed', { processed_at: new Date() }))).toBe(true);
    expect(await db.transaction().execute((trx) => moveRefund(trx, { ...now, state: 'processed', version: 3 }, 'failed'))).toBe(false);
  });
});

describe('one home for each status', () => {
  // "Nothing else writes a status column": a guard on the source, so a new shortcut fails here.
  it('no module but the state machines sets a checkout’s, an order’s, a return’s or a refund’s status', () => {
    const root = path.join(import.meta.dirname, '..');
    const homes = new Set(['checkout/checkout-state.ts', 'orders/order-state.ts', 'returns/return-state.ts', 'refunds/refund-state.ts']);
    const writers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('db/migrations/') && !f.startsWith('test/'))
      .filter((f) => !homes.has(f))
      .filter((f) =>
        /updateTable\('(checkouts|orders|returns|order_refunds)'\)[\s\S]{0,200}?\.set\([\s\S]{0,160}?\b(order_status|status|state)\s*:/.test(
          readFileSync(path.join(root, f), 'utf8'),
        ),
      );
    expect(writers).toEqual([]);
  });
});
