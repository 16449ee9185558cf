import { shopperMayCancel } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound, transitionRefused } from '../domain/errors.js';
import { putBackStock } from '../products/stock.js';
import { enqueueNotice, type NoticesService } from './notices.js';
import type { OrderRefundsService } from '../refunds/order-refunds.js';
import { leftToRefund, recordOrderRefund, restockedUnits } from '../refunds/record.js';
import { moveOrder } from './order-state.js';

export interface CancelRequest {
  actor: Actor;
  /** Why, in the words of whoever cancels (the shopper's is optional). */
  reason?: string | null;
  /** The shopper cancelling their own order: anyone else's is "not found", and only before it ships. */
  customerId?: string;
  /** Staff name the version they read: someone else's change since is refused. */
  expectedVersion?: number;
}

/**
 * Cancelling an order, whoever asks: in one transaction the order moves to Cancelled (the lifecycle's
 * rule: from Ordered or Processed), every unit goes back in stock, the refund of everything paid is
 * recorded and the shopper's e-mail is owed. After the commit the refund goes to the provider and the
 * e-mail out; if either cannot now, the timer retries it, and neither is ever done twice.
 */
export function cancelOrders(deps: {
  db: Kysely<Database>;
  refunds: OrderRefundsService;
  notices: NoticesService;
  log: (line: string, detail?: unknown) => void;
  /** Counts the status change (the metrics). */
  moved?: (from: string, to: string) => void;
}) {
  const { db } = deps;
  return {
    async cancel(orderId: string, request: CancelRequest) {
      const reason = request.reason?.trim() || null;
      if (reason && reason.length > 500) throw badRequest('The reason is longer than 500 characters', 'reason');
      const byShopper = request.customerId !== undefined;
      if (!byShopper && !reason) throw badRequest('Say why the order is cancelled: the shopper is told', 'reason');
      let from: string | null = null;
      const refundId = await db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('orders')
          .select(['customer_id', 'order_status'])
          .where('id', '=', orderId)
          .forUpdate()
          .executeTakeFirst();
        if (!order || (byShopper && order.customer_id !== request.customerId)) throw notFound('Order not found');
        if (byShopper && !shopperMayCancel(order.order_status)) {
          throw transitionRefused(
            order.order_status === 'Cancelled'
              ? 'This order is already cancelled'
              : 'This order has shipped and can no longer be cancelled. Once it is delivered, you can ask for a return.',
          );
        }
        from = order.order_status;
        await moveOrder(trx, orderId, {
          to: 'Cancelled',
          actor: request.actor,
          expectedVersion: request.expectedVersion,
          note: reason ?? (byShopper ? 'Cancelled by the shopper' : undefined),
        });
        // Every unit not already put back by an earlier refund goes back on the shelf.
        const lines = await trx
          .selectFrom('order_items')
          .select(['id', 'product_id', 'color_id', 'quantity'])
          .where('order_id', '=', orderId)
          .execute();
        const back = await restockedUnits(trx, orderId);
        await putBackStock(
          trx,
          lines.flatMap((l) => {
            const left = l.quantity - (back.get(l.id) ?? 0);
            return left > 0 ? [{ productId: l.product_id, colorId: l.color_id, title: '', color: '', quantity: left }] : [];
          }),
        );
        const owed = await leftToRefund(trx, orderId);
        const refund =
          owed > 0
            ? await recordOrderRefund(trx, orderId, {
                reason: byShopper ? 'Order cancelled by the shopper' : `Order cancelled: ${reason ?? ''}`.trim(),
                source: 'cancellation',
                actor: request.actor,
              })
            : null;
        await enqueueNotice(trx, orderId, 'cancelled', `cancelled:${orderId}`, { refundPaise: refund?.amount ?? 0, reason, byShopper });
        return refund?.id ?? null;
      });
      if (from) deps.moved?.(from, 'Cancelled');
      if (refundId)
        await deps.refunds.send(refundId).catch((err: unknown) => deps.log(`order ${orderId}: the refund will be retried`, err));
      void deps.notices.flush().catch((err: unknown) => deps.log('order notices will be retried', err));
      return { orderId, refundId };
    },
  };
}

export type CancelOrders = ReturnType<typeof cancelOrders>;
