import type { LookupTrail } from '../audit/lookup.js';
import { keepNote } from '../audit/notes.js';
import { isUuid } from '../domain/ids.js';
import { isOrderStatus, type OrderStatus } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { notFound, transitionRefused } from '../domain/errors.js';
import { versionRead } from '../http/validate.js';
import type { CancelOrders } from './cancel.js';
import { orderDashboard } from './dashboard.js';
import { orderDetail } from './desk-detail.js';
import { listOrders, type OrderListQuery } from './desk-list.js';
import type { NoticesService } from './notices.js';
import type { OrderRefundsService } from '../refunds/order-refunds.js';
import { priceOrderRefund, recordOrderRefund } from '../refunds/record.js';
import { moveOrder } from './order-state.js';
import { addOrderEvent } from './timeline.js';

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
  version: versionRead('order'),
});
export type RefundInput = z.infer<typeof RefundInput>;

/** A refund's quote takes the refund's body; the reason and the version may be left out (a version given is checked). */
export const RefundQuoteInput = RefundInput.extend({
  reason: RefundInput.shape.reason.optional(),
  version: versionRead('order').optional(),
});
export type RefundQuoteInput = z.infer<typeof RefundQuoteInput>;

export interface OrdersDeskDeps {
  db: Kysely<Database>;
  cancels: CancelOrders;
  refunds: OrderRefundsService;
  notices: NoticesService;
  log: (line: string, detail?: unknown) => void;
  /** Counts each status change (the metrics). */
  moved?: (from: string, to: string) => void;
  /** Where a search of orders by e-mail or phone is recorded (the query keyed, audit/lookup.ts). */
  lookups: LookupTrail;
}

/** The order desk's reads and the moves staff make; every rule is the order lifecycle's (orders/order-state.ts). */
export function ordersDesk(deps: OrdersDeskDeps) {
  const { db } = deps;
  const afterCommit = () => void deps.notices.flush().catch((err: unknown) => deps.log('order notices will be retried', err));
  const get = (id: string) => orderDetail(db, id);
  return {
    /**
     * Orders newest first, filtered by status and dates, searched by order number, customer e-mail or phone
     * (orders/desk-list.ts).
     */
    list: (query: OrderListQuery, actor?: Actor) => listOrders(db, deps.lookups, query, actor),

    /** One order whole: lines, totals, address, payment and refunds, and its timeline with who did what. */
    get,

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
      return get(id);
    },

    /** Cancels the order (from Ordered or Processed): refunded in full, stock back, the shopper told. */
    async cancel(id: string, input: { version: number; reason: string }, actor: Actor) {
      if (!isUuid(id)) throw notFound('Order not found');
      await deps.cancels.cancel(id, { actor, expectedVersion: input.version, reason: input.reason });
      return get(id);
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
      return get(id);
    },

    /**
     * What a refund by staff would come to, line by line, worked out by the refund's own pricing
     * (refunds/record.ts) and refused as the refund would be. Writes nothing; the order's lock ends with the read.
     */
    async refundQuote(id: string, input: RefundQuoteInput) {
      if (!isUuid(id)) throw notFound('Order not found');
      const { price, titles } = await db.transaction().execute(async (trx) => {
        const price = await priceOrderRefund(trx, id, { lines: input.lines, restock: input.restock, expectedVersion: input.version });
        const rows = await trx
          .selectFrom('order_items as i')
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .select(['i.id', 'p.title'])
          .where('i.order_id', '=', id)
          .execute();
        return { price, titles: new Map(rows.map((r) => [r.id, r.title])) };
      });
      return {
        amountPaise: price.amountPaise,
        leftToRefundPaise: price.leftToRefundPaise,
        lines: price.lines.map((l) => ({
          itemId: l.itemId,
          title: titles.get(l.itemId) ?? '',
          quantity: l.quantity,
          amountPaise: l.amountPaise,
        })),
        restock: price.restock,
      };
    },

    /** What needs doing and how the day goes (orders/dashboard.ts). */
    dashboard: () => orderDashboard(db),

    /** An internal note on the order's timeline (never shown to the shopper). */
    async addNote(id: string, text: string, actor: Actor) {
      if (!isUuid(id)) throw notFound('Order not found');
      await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select(['id', 'customer_id']).where('id', '=', id).executeTakeFirst();
        if (!order) throw notFound('Order not found');
        // The words are kept where an erasure reaches them (audit/notes.ts): the timeline and the trail hold the note's id.
        const note = await keepNote(trx, text, { customerId: order.customer_id });
        await addOrderEvent(trx, id, 'note', actor, { detail: { note } });
        await recordAudit(trx, actor, { action: 'order.note', subject: { kind: 'order', id }, after: { note } });
      });
      return get(id);
    },
  };
}

export type OrdersDesk = ReturnType<typeof ordersDesk>;
