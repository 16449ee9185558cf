import { isUuid } from '../domain/ids.js';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@digitic/shop-rules';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { personalQuery, recordLookup } from '../audit/lookup.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { notFound, transitionRefused } from '../domain/errors.js';
import type { CancelOrders } from '../orders/cancel.js';
import type { NoticesService } from '../orders/notices.js';
import { type OrderRefundsService, recordOrderRefund } from '../orders/order-refunds.js';
import { moveOrder } from '../orders/order-state.js';
import { addOrderEvent } from '../orders/timeline.js';
import type { LineQuantity } from '../db/schema.js';

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

export const RefundInput = z.object({
  lines: z
    .array(
      z.object({
        itemId: z.string().refine((v): boolean => isUuid(v), 'itemId is one of the order’s line ids'),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .max(50)
    .optional(),
  reason: z.string().max(500, 'The reason is at most 500 characters'),
  restock: z.boolean().optional(),
  version: z.number({ error: 'version is the order version you read' }).int().min(0),
});
export type RefundInput = z.infer<typeof RefundInput>;

export interface OrdersDeskDeps {
  db: Kysely<Database>;
  cancels: CancelOrders;
  refunds: OrderRefundsService;
  notices: NoticesService;
  log: (line: string, detail?: unknown) => void;
  /** Counts each status change (the metrics). */
  moved?: (from: string, to: string) => void;
}

/** The order desk's reads and the moves staff make; every rule is the order lifecycle's (orders/order-state.ts). */
export function ordersDesk(deps: OrdersDeskDeps) {
  const { db } = deps;
  const afterCommit = () => void deps.notices.flush().catch((err: unknown) => deps.log('order notices will be retried', err));
  return {
    /**
     * Orders newest first, filtered by status and dates, searched by order number, customer e-mail or phone.
     * A search by e-mail or phone reads customers by who they are: it is in the audit trail (audit/lookup.ts),
     * so it names who searched. One by order number or payment id, or none, leaves no row.
     */
    async list(query: OrderListQuery, actor?: Actor) {
      const personal = query.q && !isUuid(query.q) ? personalQuery(query.q) : null;
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
        else if (personal?.by === 'email')
          q = q.where('o.customer_id', 'in', customers.where(sql<string>`lower(c.email)`, '=', personal.value));
        else if (personal?.by === 'phone') q = q.where('o.customer_id', 'in', customers.where('c.mobile', '=', personal.value));
        else q = q.where('o.razorpay_order_id', '=', search);
      }
      const [rows, total] = await Promise.all([
        q
          .innerJoin('customers as c', 'c.id', 'o.customer_id')
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
        await recordLookup(db, actor, {
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
          total: r.total_price,
          createdAt: r.created_at.toISOString(),
          version: r.version,
          customer: { email: r.email, name: `${r.firstname} ${r.lastname}`.trim(), mobile: r.mobile },
        })),
        total: Math.min(n, COUNT_CAP),
        totalExact: n <= COUNT_CAP,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One order whole: lines, totals, address, payment and refunds, and its timeline with who did what. */
    async get(id: string) {
      if (!isUuid(id)) throw notFound('Order not found');
      const order = await db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .selectAll('o')
        .select(['c.email', 'c.firstname', 'c.lastname', 'c.mobile'])
        .where('o.id', '=', id)
        .executeTakeFirst();
      if (!order) throw notFound('Order not found');
      const [lines, events, refunds, returns] = await Promise.all([
        db
          .selectFrom('order_items as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .innerJoin('colors as c', 'c.id', 'i.color_id')
          .select(['i.id', 'i.quantity', 'i.price', 'p.id as product_id', 'p.title', 'c.title as color'])
          .where('i.order_id', '=', id)
          .orderBy('i.position')
          .execute(),
        db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute(),
        db.selectFrom('order_refunds').selectAll().where('order_id', '=', id).orderBy('created_at').execute(),
        db.selectFrom('returns').selectAll().where('order_id', '=', id).orderBy('created_at').execute(),
      ]);
      const refunded = refunds.filter((r) => r.state !== 'failed').reduce((s, r) => s + r.amount, 0);
      const unitsRefunded = (itemId: string) =>
        refunds
          .filter((r) => r.state !== 'failed')
          .reduce((s, r) => s + r.lines.filter((l: LineQuantity) => l.itemId === itemId).reduce((t, l) => t + l.quantity, 0), 0);
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
          refundedQuantity: unitsRefunded(l.id),
        })),
        totals: {
          total: order.total_price,
          totalAfterDiscount: order.total_price_after_discount,
          couponCode: order.coupon_code,
          discount: order.discount,
        },
        address: order.shipping_info,
        payment: {
          providerOrderId: order.razorpay_order_id,
          providerPaymentId: order.razorpay_payment_id,
          paidAt: order.paid_at.toISOString(),
          amountPaid: order.total_price_after_discount,
          refundedPaise: refunded,
          leftToRefundPaise: Math.max(Math.round(order.total_price_after_discount * 100) - refunded, 0),
          refunds: refunds.map((r) => ({
            id: r.id,
            providerRefundId: r.provider_refund_id,
            amountPaise: r.amount,
            state: r.state,
            source: r.source,
            reason: r.reason,
            lines: r.lines,
            restocked: r.restock,
            returnId: r.return_id,
            error: r.state === 'failed' ? r.last_error : null,
            at: r.created_at.toISOString(),
          })),
        },
        returns: returns.map((r) => ({
          id: r.id,
          status: r.status,
          version: r.version,
          reason: r.reason,
          lines: r.lines,
          createdAt: r.created_at.toISOString(),
        })),
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
      if (!isUuid(id)) throw notFound('Order not found');
      if (!isOrderStatus(input.to)) throw transitionRefused(`There is no order status ${input.to}`);
      const to: OrderStatus = input.to;
      if (to === 'Cancelled')
        throw transitionRefused('An order is cancelled by its cancel action, which refunds the payment and puts the stock back');
      const { from } = await moveOrder(db, id, { to, actor, expectedVersion: input.version, shipment: input.shipment });
      deps.moved?.(from, to);
      afterCommit();
      return this.get(id);
    },

    /** Cancels the order (from Ordered or Processed): refunded in full, stock back, the shopper told. */
    async cancel(id: string, input: { version: number; reason: string }, actor: Actor) {
      if (!isUuid(id)) throw notFound('Order not found');
      await deps.cancels.cancel(id, { actor, expectedVersion: input.version, reason: input.reason });
      return this.get(id);
    },

    /** A refund by staff: everything left, or chosen lines at the price paid (restocked or not); sent to the provider at once. */
    async refund(id: string, input: RefundInput, actor: Actor) {
      if (!isUuid(id)) throw notFound('Order not found');
      const refund = await db.transaction().execute((trx) =>
        recordOrderRefund(trx, id, {
          lines: input.lines,
          reason: input.reason,
          restock: input.restock,
          source: 'staff',
          actor,
          expectedVersion: input.version,
        }),
      );
      await deps.refunds.send(refund.id).catch((err: unknown) => deps.log(`order ${id}: the refund will be retried`, err));
      afterCommit();
      return this.get(id);
    },

    /**
     * What needs doing and how the day goes: orders to process (Ordered) and to ship (Processed), today's
     * orders and revenue (the shop's day, India time), open returns and refunds not through yet.
     */
    async dashboard() {
      const IST_MS = 330 * 60 * 1000; // India keeps one offset all year
      const now = Date.now();
      const startOfDay = new Date(Math.floor((now + IST_MS) / 86_400_000) * 86_400_000 - IST_MS);
      const [byStatus, today, returns, refunds] = await Promise.all([
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
      ]);
      const n = <K extends string>(rows: ({ n: number | string } & Record<K, string>)[], key: K, value: string) =>
        rows.filter((r) => r[key] === value).reduce((sum, r) => sum + Number(r.n), 0);
      return {
        toProcess: n(byStatus, 'order_status', 'Ordered'),
        toShip: n(byStatus, 'order_status', 'Processed'),
        today: { orders: Number(today.n), revenue: Number(today.revenue), since: startOfDay.toISOString() },
        openReturns: {
          requested: n(returns, 'status', 'Requested'),
          approved: n(returns, 'status', 'Approved'),
          received: n(returns, 'status', 'Received'),
        },
        refunds: {
          inProgress: n(refunds, 'state', 'requested') + n(refunds, 'state', 'pending'),
          failedLast30Days: n(refunds, 'state', 'failed'),
        },
      };
    },

    /** An internal note on the order's timeline (never shown to the shopper). */
    async addNote(id: string, text: string, actor: Actor) {
      if (!isUuid(id)) throw notFound('Order not found');
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
