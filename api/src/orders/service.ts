import type { Kysely } from 'kysely';
import { cartLines } from '../cart/service.js';
import type { Database, ShippingInfo } from '../db/schema.js';
import { badRequest, conflict, paymentFailed } from '../http/errors.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { PaymentOutcome } from '../observability/metrics.js';
import { ordersJson } from './serialize.js';

export const SHIPPING_RUPEES = 100;

export interface PaymentInfoInput {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}

type Log = (line: string, detail?: unknown) => void;

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

class AmountMismatch extends Error {
  constructor(readonly cartTotal: number) {
    super('amount mismatch');
  }
}

class OutOfStock extends Error {
  constructor(
    readonly title: string,
    readonly cartTotal: number,
  ) {
    super('out of stock');
  }
}

export function ordersService(db: Kysely<Database>, payments: PaymentProvider, log: Log, outcome: (o: PaymentOutcome) => void = () => {}) {
  /** A captured payment that made no order is recorded for a refund, never dropped. */
  async function keepUnsettled(
    customerId: string,
    providerOrderId: string,
    paymentId: string,
    paidPaise: number,
    cartTotal: number,
    reason = 'amount paid does not match the cart total',
  ) {
    log(
      `payment ${paymentId} paid ${paidPaise} paise for the cart of ${customerId} (${cartTotal * 100}) but made no order (${reason}): kept for a refund`,
    );
    await db
      .insertInto('unsettled_payments')
      .values({
        razorpay_payment_id: paymentId,
        razorpay_order_id: providerOrderId,
        customer_id: customerId,
        amount_paid: paidPaise,
        cart_total: cartTotal * 100,
        reason,
      })
      .onConflict((oc) => oc.column('razorpay_payment_id').doNothing())
      .execute();
  }

  async function orderById(id: string) {
    const [order] = await ordersJson(db, db.selectFrom('orders').selectAll().where('id', '=', id));
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
      );
    },

    /**
     * Settles a payment into an order: signature, then the provider's word that exactly the cart's
     * total was paid, then order + items written and cart emptied in one transaction.
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
      // The gateway names the customer on every payment it starts; nobody spends a payment someone else started.
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

      try {
        const settled = await db.transaction().execute(async (trx) => {
          const lines = await cartLines(trx, customerId, undefined, true);
          // A concurrent request with this payment may have just settled it and emptied the cart.
          const raced = await trx.selectFrom('orders').select('id').where('razorpay_payment_id', '=', paymentId).executeTakeFirst();
          if (raced) return { id: raced.id, created: false };
          if (lines.length === 0) throw badRequest('Your cart is empty', 'cart');
          const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
          const total = subtotal + SHIPPING_RUPEES;
          if (providerPayment.amount !== total * 100 || providerOrder.amount !== total * 100) {
            throw new AmountMismatch(total);
          }
          const order = await trx
            .insertInto('orders')
            .values({
              customer_id: customerId,
              shipping_info: JSON.stringify(shippingInfo),
              razorpay_order_id: providerOrderId,
              razorpay_payment_id: paymentId,
              total_price: total,
              total_price_after_discount: total,
              paid_at: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('order_items')
            .values(
              lines.map((l, position) => ({
                order_id: order.id,
                product_id: l.productId._id,
                color_id: l.color._id,
                quantity: l.quantity,
                price: l.price,
                position,
              })),
            )
            .execute();
          // Stock is taken with a guarded update: of two orders for the last unit, one updates a row
          // and the other none (and the database's check refuses a negative count besides).
          const wanted = new Map<string, { title: string; quantity: number }>();
          for (const l of lines) {
            const w = wanted.get(l.productId._id) ?? { title: l.productId.title, quantity: 0 };
            wanted.set(l.productId._id, { ...w, quantity: w.quantity + l.quantity });
          }
          for (const [productId, w] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
            const taken = await trx
              .updateTable('products')
              .set((eb) => ({ quantity: eb('quantity', '-', w.quantity), sold: eb('sold', '+', w.quantity) }))
              .where('id', '=', productId)
              .where('quantity', '>=', w.quantity)
              .executeTakeFirst();
            if (Number(taken.numUpdatedRows) !== 1) throw new OutOfStock(w.title, total);
          }
          await trx.deleteFrom('cart_lines').where('customer_id', '=', customerId).execute();
          return { id: order.id, created: true };
        });
        if (!settled.created) {
          const winner = await replay(customerId, paymentId, providerOrderId);
          if (winner) return { order: winner, created: false };
        }
        outcome(settled.created ? 'order_created' : 'replayed');
        return { order: await orderById(settled.id), created: settled.created };
      } catch (err) {
        if (err instanceof OutOfStock) {
          outcome('out_of_stock');
          await keepUnsettled(customerId, providerOrderId, paymentId, providerPayment.amount, err.cartTotal, `out of stock: ${err.title}`);
          throw conflict(`Sorry, ${err.title} is out of stock. Your payment will be refunded.`);
        }
        if (err instanceof AmountMismatch) {
          outcome('amount_mismatch');
          await keepUnsettled(customerId, providerOrderId, paymentId, providerPayment.amount, err.cartTotal);
          throw paymentFailed(`The amount paid does not match your cart total of Rs. ${err.cartTotal}`);
        }
        // Two requests with one payment raced: the loser answers with the winner's order.
        if (isUniqueViolation(err)) {
          const winner = await replay(customerId, paymentId, providerOrderId);
          if (winner) return { order: winner, created: false };
        }
        throw err;
      }
    },
  };
}
