import { isUuid } from '../domain/ids.js';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { type LookupTrail, personalQuery } from '../audit/lookup.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { notFound } from '../domain/errors.js';

export const CustomerLookup = z.object({
  q: z.string().trim().min(3, 'Enter at least 3 characters of an e-mail address or a phone number').max(254),
});

/**
 * Customers, read-only: looked up by e-mail or phone, with their orders. Nobody acts as a customer
 * (no impersonation); opening a customer's record is itself in the audit trail, as personal data read.
 */
export function customersDesk(db: Kysely<Database>, lookups: LookupTrail) {
  return {
    /** Customers by e-mail (or its beginning) or phone; each look-up is in the audit trail by the one rule (audit/lookup.ts). */
    async lookup(q: string, actor: Actor) {
      const personal = personalQuery(q);
      let query = db
        .selectFrom('customers as c')
        .select(['c.id', 'c.email', 'c.firstname', 'c.lastname', 'c.mobile', 'c.created_at'])
        .select((eb) =>
          eb.selectFrom('orders as o').whereRef('o.customer_id', '=', 'c.id').select(eb.fn.countAll<number>().as('n')).as('orders'),
        )
        .select((eb) =>
          eb
            .selectFrom('orders as o')
            .whereRef('o.customer_id', '=', 'c.id')
            .where(sql<string>`o.shipping_info->>'phone'`, 'is not', null)
            .select(sql<string>`o.shipping_info->>'phone'`.as('phone'))
            .orderBy('o.created_at', 'desc')
            .limit(1)
            .as('delivery_phone'),
        );
      // By their own mobile, or a phone they gave the courier with an order (each has its index).
      if (personal?.by === 'phone') {
        const phone = personal.value;
        // Two index look-ups joined (an OR of the two conditions reads every customer instead).
        query = query.where('c.id', 'in', (eb) =>
          eb
            .selectFrom('customers as own')
            .select('own.id')
            .where('own.mobile', '=', phone)
            .union(
              eb
                .selectFrom('orders as o')
                .select('o.customer_id as id')
                .where(sql<string>`o.shipping_info->>'phone'`, '=', phone),
            ),
        );
      } else {
        const needle = q.toLowerCase();
        query = query.where((eb) =>
          eb.or([
            eb(sql<string>`lower(c.email)`, '=', needle),
            eb(sql<string>`lower(c.email)`, 'like', `${needle.replace(/[\\%_]/g, '\\$&')}%`),
          ]),
        );
      }
      const rows = await query.orderBy('c.email').limit(25).execute();
      // Every search here is of personal data: a phone, an e-mail, or the beginning of one.
      await lookups.record(db, actor, {
        what: 'customer',
        query: q,
        by: personal?.by ?? 'email prefix',
        found: rows.length,
        ids: rows.map((r) => r.id),
      });
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: `${r.firstname} ${r.lastname}`.trim(),
        mobile: r.mobile,
        deliveryPhone: r.delivery_phone ?? null,
        orders: Number(r.orders ?? 0),
        since: r.created_at.toISOString(),
      }));
    },

    async get(id: string, actor: Actor) {
      if (!isUuid(id)) throw notFound('Customer not found');
      const c = await db
        .selectFrom('customers')
        .select(['id', 'email', 'firstname', 'lastname', 'mobile', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!c) throw notFound('Customer not found');
      const orders = await db
        .selectFrom('orders')
        .select(['id', 'order_status', 'total_price_after_discount', 'created_at', sql<string | null>`shipping_info->>'phone'`.as('phone')])
        .where('customer_id', '=', id)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      await recordAudit(db, actor, { action: 'customer.viewed', subject: { kind: 'customer', id } });
      return {
        id: c.id,
        email: c.email,
        name: `${c.firstname} ${c.lastname}`.trim(),
        mobile: c.mobile,
        deliveryPhones: [...new Set(orders.flatMap((o) => (o.phone ? [o.phone] : [])))],
        since: c.created_at.toISOString(),
        orders: orders.map((o) => ({
          id: o.id,
          status: o.order_status,
          total: o.total_price_after_discount,
          createdAt: o.created_at.toISOString(),
          deliveryPhone: o.phone,
        })),
      };
    },
  };
}

export type CustomersDesk = ReturnType<typeof customersDesk>;
