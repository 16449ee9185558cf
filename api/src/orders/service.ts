import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound, paymentFailed } from '../domain/errors.js';
import { ordersJson } from './serialize.js';

export function ordersService(db: Kysely<Database>, options: { returnWindowDays?: number } = {}) {
  const windowDays = options.returnWindowDays ?? 14;
  async function orderById(id: string) {
    const [order] = await ordersJson(db, db.selectFrom('orders').selectAll().where('id', '=', id), windowDays);
    if (!order) throw new Error(`order ${id} vanished`);
    return order;
  }

  /**
   * An order already made from this payment: the same order for its owner; anyone else hears what they would
   * have heard before the order was made (a webhook may make it first), so the answer tells nothing about timing.
   */
  async function paidWith(customerId: string, paymentId: string, providerOrderId: string) {
    const existing = await db
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where((eb) => eb.or([eb('razorpay_payment_id', '=', paymentId), eb('razorpay_order_id', '=', providerOrderId)]))
      .executeTakeFirst();
    if (!existing) return null;
    if (existing.customer_id !== customerId) throw paymentFailed('This payment was started by another customer');
    return orderById(existing.id);
  }

  return {
    byId: orderById,
    paidWith,

    async myOrders(customerId: string) {
      return ordersJson(
        db,
        db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc'),
        windowDays,
      );
    },

    /** One of the customer's own orders (anyone else's is "not found"). */
    async mine(customerId: string, orderId: string) {
      const [order] = await ordersJson(
        db,
        db.selectFrom('orders').selectAll().where('id', '=', orderId).where('customer_id', '=', customerId),
        windowDays,
      );
      if (!order) throw notFound('Order not found');
      return order;
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
