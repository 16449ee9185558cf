import { ORDER_STATUSES } from '@digitic/shop-rules';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { type LookupTrail, personalQuery } from '../audit/lookup.js';
import type { Database } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';

// The order desk's list: orders filtered, searched and counted (up to a cap), a page at a time.

export const OrderListQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(200, 'q is at most 200 characters').optional(),
  payment: z
    .enum(['not_refunded', 'refund_in_progress', 'refunded'], { error: 'payment must be not_refunded, refund_in_progress or refunded' })
    .optional(),
  from: z.iso.date('from must be a date, YYYY-MM-DD').optional(),
  to: z.iso.date('to must be a date, YYYY-MM-DD').optional(),
  page: z.coerce.number().int().min(1, 'page must be a whole number from 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

const PAYMENT_STATE = { not_refunded: 'paid', refund_in_progress: 'refund_in_progress', refunded: 'refunded' } as const;

/** The most orders a list counts exactly. */
export const COUNT_CAP = 10_000;

/**
 * Orders newest first, filtered by status and dates, searched by order number (its id, or the eight characters
 * shoppers and staff are shown, "F54CAA73" or "#f54caa73"), payment id, customer e-mail or phone.
 * A search by e-mail or phone reads customers by who they are: it is in the audit trail (audit/lookup.ts),
 * so it names who searched. One by order number or payment id, or none, leaves no row.
 */
export async function listOrders(db: Kysely<Database>, lookups: LookupTrail, query: OrderListQuery, actor?: Actor) {
  // The number on the order page and in the e-mails: the id's first eight characters (shop-rules' orderNumber).
  const shortNumber = query.q ? /^#?([0-9a-f]{8})$/i.exec(query.q)?.[1]?.toLowerCase() : undefined;
  const personal = query.q && !isUuid(query.q) && !shortNumber ? personalQuery(query.q) : null;
  if (personal && !actor) throw new Error('A search of orders by e-mail or phone names who searched (the audit trail needs them)');
  // Filters on the orders alone (each has its index); the customer's columns are joined for the page's rows only.
  let q = db.selectFrom('orders as o');
  if (query.status) q = q.where('o.order_status', '=', query.status);
  if (query.payment) q = q.where('o.payment_state', '=', PAYMENT_STATE[query.payment]);
  // Days are the shop's days, India time (one offset all year), as on the dashboard.
  if (query.from) q = q.where('o.created_at', '>=', new Date(`${query.from}T00:00:00+05:30`));
  if (query.to) q = q.where('o.created_at', '<', new Date(new Date(`${query.to}T00:00:00+05:30`).getTime() + 86_400_000));
  const search = query.q;
  if (search) {
    const customers = db.selectFrom('customers as c').select('c.id');
    if (isUuid(search)) q = q.where('o.id', '=', search.toLowerCase());
    // Every id that starts with those eight: a range of the primary key, so its index answers.
    else if (shortNumber)
      q = q
        .where('o.id', '>=', `${shortNumber}-0000-0000-0000-000000000000`)
        .where('o.id', '<=', `${shortNumber}-ffff-ffff-ffff-ffffffffffff`);
    else if (personal?.by === 'email')
      q = q.where('o.customer_id', 'in', customers.where(sql<string>`lower(c.email)`, '=', personal.value));
    // By the customer's own mobile, or the phone given for the courier with the order (each has its index).
    else if (personal?.by === 'phone') {
      const phone = personal.value;
      // Two index look-ups joined (an OR of the two conditions reads every order instead).
      q = q.where('o.id', 'in', (eb) =>
        eb
          .selectFrom('orders as mine')
          .select('mine.id')
          .where('mine.customer_id', 'in', customers.where('c.mobile', '=', phone))
          .union(
            eb
              .selectFrom('orders as given')
              .select('given.id')
              .where(sql<string>`given.shipping_info->>'phone'`, '=', phone),
          ),
      );
    } else q = q.where('o.razorpay_order_id', '=', search);
  }
  const [rows, total] = await Promise.all([
    q
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select([
        'o.id',
        'o.order_status',
        'o.total_price_after_discount',
        'o.coupon_code',
        'o.discount',
        'o.created_at',
        'o.version',
        'c.email',
        'c.firstname',
        'c.lastname',
        'c.mobile',
        sql<string | null>`o.shipping_info->>'phone'`.as('delivery_phone'),
      ])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    // Counted up to a cap: past it the desk says "10,000 or more" (an exact count of every order costs a scan of them all).
    db
      .selectFrom(
        q
          .select('o.id')
          .limit(COUNT_CAP + 1)
          .as('matching'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const n = Number(total.n);
  if (personal && actor && search) {
    await lookups.record(db, actor, {
      what: 'order',
      query: search,
      by: personal.by,
      found: Math.min(n, COUNT_CAP),
      ids: rows.map((r) => r.id),
    });
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.order_status,
      // What was paid (the order's page says the same), not the total before the coupon.
      total: r.total_price_after_discount,
      couponCode: r.coupon_code,
      discount: r.discount,
      createdAt: r.created_at.toISOString(),
      version: r.version,
      customer: { email: r.email, name: `${r.firstname} ${r.lastname}`.trim(), mobile: r.mobile },
      deliveryPhone: r.delivery_phone,
    })),
    total: Math.min(n, COUNT_CAP),
    totalExact: n <= COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}
