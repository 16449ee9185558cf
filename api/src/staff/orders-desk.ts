import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@digitic/shop-rules';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { notFound, transitionRefused } from '../domain/errors.js';
import { moveOrder } from '../orders/order-state.js';
import { addOrderEvent } from '../orders/timeline.js';

export const OrderListQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(200, 'q is at most 200 characters').optional(),
  from: z.iso.date('from must be a date, YYYY-MM-DD').optional(),
  to: z.iso.date('to must be a date, YYYY-MM-DD').optional(),
  page: z.coerce.number().int().min(1, 'page must be a whole number from 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order desk's reads and the moves staff make; every rule is the order lifecycle's (orders/order-state.ts). */
export function ordersDesk(db: Kysely<Database>) {
  return {
    /** Orders newest first, filtered by status and dates, searched by order number, customer e-mail or phone. */
    async list(query: OrderListQuery) {
      let q = db.selectFrom('orders as o').innerJoin('customers as c', 'c.id', 'o.customer_id');
      if (query.status) q = q.where('o.order_status', '=', query.status);
      if (query.from) q = q.where('o.created_at', '>=', new Date(`${query.from}T00:00:00Z`));
      if (query.to) q = q.where('o.created_at', '<', sql<Date>`${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
      const search = query.q;
      if (search) {
        if (UUID.test(search)) q = q.where('o.id', '=', search.toLowerCase());
        else if (search.includes('@')) q = q.where(sql<string>`lower(c.email)`, '=', search.toLowerCase());
        else if (/^\+?[\d\s-]{6,20}$/.test(search)) q = q.where('c.mobile', '=', search.replace(/[\s-]/g, '').replace(/^\+91/, ''));
        else q = q.where('o.razorpay_order_id', '=', search);
      }
      const [rows, total] = await Promise.all([
        q
          .select([
            'o.id',
            'o.order_status',
            'o.total_price',
            'o.created_at',
            'o.version',
            'c.email',
            'c.firstname',
            'c.lastname',
            'c.mobile',
          ])
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          status: r.order_status,
          total: r.total_price,
          createdAt: r.created_at.toISOString(),
          version: r.version,
          customer: { email: r.email, name: `${r.firstname} ${r.lastname}`.trim(), mobile: r.mobile },
        })),
        total: Number(total.n),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One order whole: lines, totals, address, payment and refunds, and its timeline with who did what. */
    async get(id: string) {
      if (!UUID.test(id)) throw notFound('Order not found');
      const order = await db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .selectAll('o')
        .select(['c.email', 'c.firstname', 'c.lastname', 'c.mobile'])
        .where('o.id', '=', id)
        .executeTakeFirst();
      if (!order) throw notFound('Order not found');
      const [lines, events, refunds] = await Promise.all([
        db
          .selectFrom('order_items as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .innerJoin('colors as c', 'c.id', 'i.color_id')
          .select(['i.id', 'i.quantity', 'i.price', 'p.id as product_id', 'p.title', 'c.title as color'])
          .where('i.order_id', '=', id)
          .orderBy('i.position')
          .execute(),
        db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute(),
        db
          .selectFrom('payment_refunds')
          .selectAll()
          .where('razorpay_payment_id', '=', order.razorpay_payment_id)
          .orderBy('created_at')
          .execute(),
      ]);
      return {
        id: order.id,
        status: order.order_status,
        version: order.version,
        createdAt: order.created_at.toISOString(),
        customer: { id: order.customer_id, email: order.email, name: `${order.firstname} ${order.lastname}`.trim(), mobile: order.mobile },
        lines: lines.map((l) => ({
          id: l.id,
          productId: l.product_id,
          title: l.title,
          color: l.color,
          quantity: l.quantity,
          price: l.price,
        })),
        totals: { total: order.total_price, totalAfterDiscount: order.total_price_after_discount },
        address: order.shipping_info,
        payment: {
          providerOrderId: order.razorpay_order_id,
          providerPaymentId: order.razorpay_payment_id,
          paidAt: order.paid_at.toISOString(),
          amountPaid: order.total_price_after_discount,
          refunds: refunds.map((r) => ({
            id: r.refund_id,
            amountPaise: r.amount,
            status: r.status,
            source: r.source,
            at: r.created_at.toISOString(),
          })),
        },
        shipment: order.carrier ? { carrier: order.carrier, trackingNumber: order.tracking_number, trackingUrl: order.tracking_url } : null,
        timeline: events.map((e) => ({
          id: String(e.id),
          kind: e.kind,
          from: e.from_status,
          to: e.to_status,
          actor: { kind: e.actor_kind, id: e.actor_id, label: e.actor_label },
          detail: e.detail,
          at: e.created_at.toISOString(),
        })),
      };
    },

    /** A status move by staff. Cancelling refunds the payment and puts stock back, so it is its own action, not this one. */
    async move(
      id: string,
      input: { to: string; version: number; shipment?: { carrier: string; trackingNumber: string; trackingUrl?: string | null } },
      actor: Actor,
    ) {
      if (!UUID.test(id)) throw notFound('Order not found');
      if (!isOrderStatus(input.to)) throw transitionRefused(`There is no order status ${input.to}`);
      const to: OrderStatus = input.to;
      if (to === 'Cancelled')
        throw transitionRefused('An order is cancelled by its cancel action, which refunds the payment and puts the stock back');
      await moveOrder(db, id, { to, actor, expectedVersion: input.version, shipment: input.shipment });
      return this.get(id);
    },

    /** An internal note on the order's timeline (never shown to the shopper). */
    async addNote(id: string, text: string, actor: Actor) {
      if (!UUID.test(id)) throw notFound('Order not found');
      await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
        if (!order) throw notFound('Order not found');
        await addOrderEvent(trx, id, 'note', actor, { detail: { note: text } });
        await recordAudit(trx, actor, { action: 'order.note', subject: { kind: 'order', id }, after: { note: text } });
      });
      return this.get(id);
    },
  };
}

export type OrdersDesk = ReturnType<typeof ordersDesk>;
