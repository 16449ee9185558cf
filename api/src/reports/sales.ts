import type { SalesDayRecord, SalesReportRecord } from '@digitic/rest-contract';
import { toPaise } from '@digitic/shop-rules';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';

// The sales report: per day of the shop (India time, one offset all year, as the dashboard and the order
// desk's dates), what orders paid, what was refunded and the net, by the same rules as "Today" on the
// dashboard (orders/dashboard.ts): taken is every order placed that day, cancelled ones included; refunded is
// every refund recorded that day and not failed, whatever day its order was placed.

export const SalesReportQuery = z.object({
  days: z.coerce
    .number({ error: 'days is 7, 30 or 90' })
    .refine((d) => d === 7 || d === 30 || d === 90, 'days is 7, 30 or 90')
    .default(30),
});

/** Minutes India is ahead of UTC. */
const SHOP_OFFSET_MINUTES = 330;
/** A timestamp's day in the shop's time, as SQL. */
export const shopDay = (column: string) =>
  sql`((${sql.ref(column)} at time zone 'UTC') + make_interval(mins => ${SHOP_OFFSET_MINUTES}))::date`;

/** The shop's day `back` days before `now`, YYYY-MM-DD. */
export function shopDayOf(now: number, back = 0): string {
  return new Date(now + SHOP_OFFSET_MINUTES * 60_000 - back * 86_400_000).toISOString().slice(0, 10);
}

const figures = (orders: number, takenPaise: number, refundedPaise: number): Omit<SalesDayRecord, 'day'> => ({
  orders,
  takenPaise,
  refundedPaise,
  netPaise: takenPaise - refundedPaise,
  averageOrderPaise: orders > 0 ? Math.round(takenPaise / orders) : 0,
});

export async function salesReport(db: Kysely<Database>, days: number, now = Date.now()): Promise<SalesReportRecord> {
  const first = shopDayOf(now, days - 1);
  // The first day's midnight in the shop's time, as an instant: both sums read from it on (their indexes on created_at).
  const since = new Date(Date.parse(`${first}T00:00:00Z`) - SHOP_OFFSET_MINUTES * 60_000);
  const [orders, refunds] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        shopDay('created_at').as('day'),
        (eb) => eb.fn.countAll<string>().as('n'),
        (eb) => eb.fn.sum<string>('total_price_after_discount').as('rupees'),
      ])
      .where('created_at', '>=', since)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('order_refunds')
      .select([shopDay('created_at').as('day'), (eb) => eb.fn.sum<string>('amount').as('paise')])
      .where('created_at', '>=', since)
      .where('state', '!=', 'failed')
      .groupBy(sql`1`)
      .execute(),
  ]);
  const dayKey = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
  const ordered = new Map(orders.map((r) => [dayKey(r.day), r]));
  const refunded = new Map(refunds.map((r) => [dayKey(r.day), Number(r.paise)]));
  const list: SalesDayRecord[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = shopDayOf(now, back);
    const o = ordered.get(day);
    list.push({ day, ...figures(Number(o?.n ?? 0), toPaise(Number(o?.rupees ?? 0)), refunded.get(day) ?? 0) });
  }
  const sum = (k: 'orders' | 'takenPaise' | 'refundedPaise') => list.reduce((n, d) => n + d[k], 0);
  return { days: list, totals: figures(sum('orders'), sum('takenPaise'), sum('refundedPaise')) };
}
