import { toPaise } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * What needs doing and how the day goes: orders to process (Ordered) and to ship (Processed), today's
 * orders and revenue (the shop's day, India time), open returns and refunds not through yet.
 * Today's money also comes whole, in paise: taken (every order placed today, cancelled ones included), refunded
 * (every refund recorded today and not failed, whatever day its order was placed) and net. Revenue alone hides
 * refunds, and a refund today of yesterday's order is today's money out all the same.
 */
export async function orderDashboard(db: Kysely<Database>) {
  const IST_MS = 330 * 60 * 1000; // India keeps one offset all year
  const now = Date.now();
  const startOfDay = new Date(Math.floor((now + IST_MS) / 86_400_000) * 86_400_000 - IST_MS);
  const [byStatus, today, taken, refundedToday, returns, refunds, setup] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['order_status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('order_status', 'in', ['Ordered', 'Processed'])
      .groupBy('order_status')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('total_price_after_discount'), eb.lit(0)).as('revenue'),
      ])
      .where('created_at', '>=', startOfDay)
      .where('order_status', '!=', 'Cancelled')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_price_after_discount'), eb.lit(0)).as('rupees'))
      .where('created_at', '>=', startOfDay)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('order_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('paise'))
      .where('created_at', '>=', startOfDay)
      .where('state', '!=', 'failed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('returns')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['Requested', 'Approved', 'Received'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('order_refunds')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where((eb) =>
        eb.or([
          eb('state', 'in', ['requested', 'pending']),
          eb.and([eb('state', '=', 'failed'), eb('created_at', '>', new Date(now - 30 * 86_400_000))]),
        ]),
      )
      .groupBy('state')
      .execute(),
    // The first days' checklist: each step done once it is true, whoever did it.
    db
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('shop_settings').select('id').where('version', '>', 0)).as('shopDetails'),
        eb.exists(eb.selectFrom('photos').select('id')).as('photo'),
        eb.exists(eb.selectFrom('staff').select('id').where('status', '=', 'active').offset(1)).as('secondStaff'),
        eb.exists(eb.selectFrom('orders').select('id')).as('firstOrder'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const n = <K extends string>(rows: ({ n: number | string } & Record<K, string>)[], key: K, value: string) =>
    rows.filter((r) => r[key] === value).reduce((sum, r) => sum + Number(r.n), 0);
  const takenPaise = toPaise(Number(taken.rupees));
  const refundedPaise = Number(refundedToday.paise);
  return {
    toProcess: n(byStatus, 'order_status', 'Ordered'),
    toShip: n(byStatus, 'order_status', 'Processed'),
    today: {
      orders: Number(today.n),
      revenue: Number(today.revenue),
      since: startOfDay.toISOString(),
      takenPaise,
      refundedPaise,
      netPaise: takenPaise - refundedPaise,
    },
    openReturns: {
      requested: n(returns, 'status', 'Requested'),
      approved: n(returns, 'status', 'Approved'),
      received: n(returns, 'status', 'Received'),
    },
    refunds: {
      inProgress: n(refunds, 'state', 'requested') + n(refunds, 'state', 'pending'),
      failedLast30Days: n(refunds, 'state', 'failed'),
    },
    setup: {
      shopDetails: Boolean(setup.shopDetails),
      photo: Boolean(setup.photo),
      secondStaff: Boolean(setup.secondStaff),
      firstOrder: Boolean(setup.firstOrder),
    },
  };
}
