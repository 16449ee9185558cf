import type { Kysely } from 'kysely';
import type { Database, ShippingInfo } from '../db/schema.js';
import { conflict, notFound, paymentFailed } from '../domain/errors.js';
import type { CheckoutsService } from '../payments/checkouts.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { PaymentOutcome } from '../observability/metrics.js';
import { ordersJson } from './serialize.js';

export interface PaymentInfoInput {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}

export function ordersService(
  db: Kysely<Database>,
  payments: PaymentProvider,
  checkouts: CheckoutsService,
  outcome: (o: PaymentOutcome) => void = () => {},
  options: { returnWindowDays?: number } = {},
) {
  const windowDays = options.returnWindowDays ?? 14;
  async function orderById(id: string) {
    const [order] = await ordersJson(db, db.selectFrom('orders').selectAll().where('id', '=', id), windowDays);
    if (!order) throw new Error(`order ${id} vanished`);
    return order;
  }

  /** An order already made from this payment: the same order for its owner, refused for anyone else. */
  async function replay(customerId: string, paymentId: string, providerOrderId: string) {
    const existing = await db
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where((eb) => eb.or([eb('razorpay_payment_id', '=', paymentId), eb('razorpay_order_id', '=', providerOrderId)]))
      .executeTakeFirst();
    if (!existing) return null;
    if (existing.customer_id !== customerId) throw conflict('This payment has already been used for another order');
    return orderById(existing.id);
  }

  return {
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

    /**
     * The browser's path to an order: the signature, then the provider's word that the payment was
     * captured for this customer, then the checkout record made into its order (the same order a
     * webhook or reconciliation would make; whichever comes first makes it, the others find it).
     */
    async create(customerId: string, shippingInfo: ShippingInfo, payment: PaymentInfoInput) {
      const { razorpayOrderId: providerOrderId, razorpayPaymentId: paymentId } = payment;
      if (!payments.verifySignature(providerOrderId, paymentId, payment.razorpaySignature)) {
        outcome('signature_invalid');
        throw paymentFailed('The payment signature is not valid');
      }
      const previous = await replay(customerId, paymentId, providerOrderId);
      if (previous) {
        outcome('replayed');
        return { order: previous, created: false };
      }

      const [providerOrder, providerPayment] = await Promise.all([
        payments.fetchOrder(providerOrderId),
        payments.fetchPayment(paymentId),
      ]).catch((err: unknown) => {
        if ((err as { status?: number }).status === 503) outcome('provider_unreachable');
        throw err;
      });
      if (providerPayment.order_id !== providerOrderId) throw paymentFailed('The payment does not belong to this payment order');
      // The shop names the customer on every payment it starts; nobody spends a payment someone else started.
      const notes = providerOrder.notes && !Array.isArray(providerOrder.notes) ? providerOrder.notes : {};
      if (notes.customer !== customerId) {
        outcome('another_customer');
        throw paymentFailed('This payment was started by another customer');
      }
      const captured = providerPayment.status === 'captured' || providerOrder.status === 'paid';
      if (!captured) {
        outcome('not_captured');
        throw paymentFailed('The payment has not been completed');
      }
      if (providerPayment.currency !== 'INR' || providerOrder.currency !== 'INR') throw paymentFailed('The payment was not made in INR');

      const checkout = await checkouts.adopt(customerId, providerOrderId, shippingInfo);
      if (checkout.customer_id !== customerId) {
        outcome('another_customer');
        throw paymentFailed('This payment was started by another customer');
      }
      const done = await checkouts.complete(providerOrderId, { ...providerPayment, status: 'captured' }, 'placeOrder');
      if (!done) throw new Error(`checkout ${providerOrderId} vanished`);
      if ('refused' in done) {
        const { refused } = done;
        if (refused.kind === 'amount_mismatch') {
          outcome('amount_mismatch');
          throw paymentFailed(refused.message);
        }
        if (refused.kind === 'out_of_stock') outcome('out_of_stock');
        throw conflict(refused.message);
      }
      outcome(done.created ? 'order_created' : 'replayed');
      return { order: await orderById(done.orderId), created: done.created };
    },
  };
}
