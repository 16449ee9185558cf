import { isUuid } from '../domain/ids.js';
import { RETURN_REASONS, RETURN_STATUSES, type ReturnStatus, returnWindowEnds } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database, LineQuantity } from '../db/schema.js';
import { badRequest, conflict, notFound, transitionRefused } from '../domain/errors.js';
import type { NoticesService } from '../orders/notices.js';
import type { OrderRefundsService } from '../refunds/order-refunds.js';
import { leftToRefund, recordOrderRefund } from '../refunds/record.js';
import { addOrderEvent } from '../orders/timeline.js';
import { moveReturn } from './return-state.js';
import { openComplaint } from '../complaints/complaints.js';
import { pageOf } from '../db/page.js';

/** However often one is rejected, an order takes this many return requests (each needs a person). */
const MAX_RETURNS_PER_ORDER = 5;

const Lines = z
  .array(
    z.object({
      itemId: z.string().refine((v): boolean => isUuid(v), 'itemId is the id of one of the order’s lines'),
      quantity: z.number().int('quantity is a whole number').min(1, 'quantity is at least 1').max(100),
    }),
  )
  .min(1, 'Choose at least one item to return')
  .max(50);

export const ReturnRequestInput = z.object({
  lines: Lines,
  reason: z.enum(RETURN_REASONS, { error: `reason is one of: ${RETURN_REASONS.join(', ')}` }),
  comment: z.string().trim().max(1000, 'The comment is at most 1000 characters').nullish(),
  // An addition: the shopper marks the return a complaint (never ticked for them) and is given its ticket.
  complaint: z.boolean({ error: 'complaint is true or false' }).optional(),
});
export type ReturnRequestInput = z.infer<typeof ReturnRequestInput>;

export const ReturnListQuery = z.object({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuery>;

export interface ReturnsDeps {
  db: Kysely<Database>;
  refunds: OrderRefundsService;
  notices: NoticesService;
  log: (line: string, detail?: unknown) => void;
  /** RETURN_WINDOW_DAYS: the days after delivery a return may be asked for. */
  windowDays: number;
}

/** Returns: the shopper asks within the window, staff decide, receive and refund (every move by returns/return-state.ts). */
export function returnsService(deps: ReturnsDeps) {
  const { db } = deps;
  const afterCommit = () => void deps.notices.flush().catch((err: unknown) => deps.log('order notices will be retried', err));

  async function detail(id: string) {
    if (!isUuid(id)) throw notFound('Return not found');
    const r = await db
      .selectFrom('returns as r')
      .innerJoin('customers as c', 'c.id', 'r.customer_id')
      .selectAll('r')
      .select(['c.email', 'c.firstname', 'c.lastname'])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound('Return not found');
    const items = await db
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .innerJoin('colors as c', 'c.id', 'i.color_id')
      .select(['i.id', 'i.price', 'p.title', 'c.title as color'])
      .where('i.order_id', '=', r.order_id)
      .execute();
    const refund = await db.selectFrom('order_refunds').select(['id', 'amount', 'state']).where('return_id', '=', id).executeTakeFirst();
    return {
      id: r.id,
      orderId: r.order_id,
      status: r.status,
      version: r.version,
      reason: r.reason,
      comment: r.comment,
      decisionNote: r.decision_note,
      restocked: r.restocked,
      customer: { id: r.customer_id, email: r.email, name: `${r.firstname} ${r.lastname}`.trim() },
      lines: r.lines.map((l) => {
        const item = items.find((i) => i.id === l.itemId);
        return { itemId: l.itemId, quantity: l.quantity, title: item?.title ?? '', color: item?.color ?? '', price: item?.price ?? 0 };
      }),
      refund: refund ? { id: refund.id, amountPaise: refund.amount, state: refund.state } : null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  }

  return {
    detail,

    /**
     * A shopper's request to send lines back: their own order, delivered no longer ago than the window,
     * units not already being returned or refunded. Recorded with its timeline event and audit row.
     */
    async request(customerId: string, orderId: string, input: ReturnRequestInput, actor: Actor) {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const id = await db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('orders')
          .select(['id', 'customer_id', 'order_status', 'delivered_at'])
          .where('id', '=', orderId)
          .forUpdate()
          .executeTakeFirst();
        if (!order || order.customer_id !== customerId) throw notFound('Order not found');
        if (order.order_status !== 'Delivered') throw transitionRefused('A return can be asked for once the order is delivered');
        const ends = returnWindowEnds(order.delivered_at, deps.windowDays);
        if (!ends || ends.getTime() < Date.now()) {
          throw transitionRefused(`Returns are accepted within ${deps.windowDays} days of delivery; this order was delivered longer ago`);
        }
        // Nothing left to pay back: no return to ask for (the goods would come back for nothing).
        if ((await leftToRefund(trx, orderId)) <= 0) {
          throw conflict('This order has been refunded in full: there is nothing to return');
        }
        const asked = await trx
          .selectFrom('returns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
        if (Number(asked.n) >= MAX_RETURNS_PER_ORDER) {
          throw conflict(`An order takes at most ${MAX_RETURNS_PER_ORDER} return requests: write to us through the contact page`);
        }
        const items = await trx.selectFrom('order_items').select(['id', 'quantity']).where('order_id', '=', orderId).execute();
        const taken = new Map<string, number>();
        const open = await trx
          .selectFrom('returns')
          .select('lines')
          .where('order_id', '=', orderId)
          .where('status', '!=', 'Rejected')
          .execute();
        const refunded = await trx
          .selectFrom('order_refunds')
          .select(['lines', 'return_id'])
          .where('order_id', '=', orderId)
          .where('state', '!=', 'failed')
          .execute();
        const add = (lines: LineQuantity[]) => {
          for (const l of lines) taken.set(l.itemId, (taken.get(l.itemId) ?? 0) + l.quantity);
        };
        for (const r of open) add(r.lines);
        for (const r of refunded) if (!r.return_id) add(r.lines); // a return's refund is counted with its return
        const seen = new Set<string>();
        for (const l of input.lines) {
          const item = items.find((i) => i.id === l.itemId);
          if (!item) throw badRequest('One of the items is not part of this order', 'lines');
          if (seen.has(l.itemId)) throw badRequest('An item is named twice', 'lines');
          seen.add(l.itemId);
          const left = item.quantity - (taken.get(l.itemId) ?? 0);
          if (l.quantity > left) {
            throw conflict(
              left <= 0 ? 'This item is already being returned or refunded' : `Only ${left} of this item can still be returned`,
              'lines',
            );
          }
        }
        const created = await trx
          .insertInto('returns')
          .values({
            order_id: orderId,
            customer_id: customerId,
            reason: input.reason,
            comment: input.comment || null,
            lines: JSON.stringify(input.lines),
          })
          .returning(['id', 'version'])
          .executeTakeFirstOrThrow();
        await addOrderEvent(trx, orderId, 'return', actor, {
          to: 'Requested',
          // The shopper's words stay on the return (erasable), not in the append-only timeline.
          detail: { returnId: created.id, lines: input.lines, reason: input.reason },
        });
        const ticket = input.complaint ? await openComplaint(trx, { returnId: created.id }) : null;
        await recordAudit(trx, actor, {
          action: 'return.requested',
          subject: { kind: 'return', id: created.id },
          after: { status: 'Requested', orderId, lines: input.lines, reason: input.reason, ...(ticket ? { complaint: ticket } : {}) },
        });
        return created.id;
      });
      return detail(id);
    },

    /** The desk's list: newest first, by status. */
    async list(query: ReturnListQuery) {
      let q = db.selectFrom('returns as r').innerJoin('customers as c', 'c.id', 'r.customer_id');
      if (query.status) q = q.where('r.status', '=', query.status);
      const { rows, total } = await pageOf(q, query, (q) =>
        q
          .select(['r.id', 'r.order_id', 'r.status', 'r.reason', 'r.created_at', 'r.version', 'r.lines', 'c.email'])
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id', 'desc'),
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          orderId: r.order_id,
          status: r.status,
          reason: r.reason,
          units: r.lines.reduce((s, l) => s + l.quantity, 0),
          email: r.email,
          version: r.version,
          createdAt: r.created_at.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Staff decide (Approved, Rejected) or receive the parcel (Received); a rejection says why. */
    async move(id: string, input: { to: string; version: number; note?: string | null }, actor: Actor) {
      if (!isUuid(id)) throw notFound('Return not found');
      const to = input.to as ReturnStatus;
      if (!['Approved', 'Rejected', 'Received'].includes(to)) {
        throw transitionRefused(
          to === 'Refunded'
            ? 'A return is refunded by its refund action, which pays the shopper back'
            : `There is no return status ${input.to} to move to`,
        );
      }
      const note = input.note?.trim() || null;
      if (to === 'Rejected' && !note) throw badRequest('Say why the return is rejected: the shopper is told', 'note');
      if (note && note.length > 1000) throw badRequest('The note is at most 1000 characters', 'note');
      await db.transaction().execute((trx) => moveReturn(trx, id, { to, actor, expectedVersion: input.version, note }));
      afterCommit();
      return detail(id);
    },

    /** A received return refunded: its lines at the price paid, back in stock or not, and the return closed. */
    async refund(id: string, input: { version: number; restock: boolean }, actor: Actor) {
      if (!isUuid(id)) throw notFound('Return not found');
      const refund = await db.transaction().execute(async (trx) => {
        const moved = await moveReturn(trx, id, { to: 'Refunded', actor, expectedVersion: input.version, restocked: input.restock });
        return recordOrderRefund(trx, moved.order_id, {
          lines: moved.lines,
          reason: `Return: ${moved.reason}`,
          restock: input.restock,
          returnId: id,
          source: 'return',
          actor,
        });
      });
      await deps.refunds.send(refund.id).catch((err: unknown) => deps.log(`return ${id}: the refund will be retried`, err));
      afterCommit();
      return detail(id);
    },
  };
}

export type ReturnsService = ReturnType<typeof returnsService>;
