import type { ShippingInfo } from '../db/schema.js';
import { conflict, paymentFailed } from '../domain/errors.js';
import type { PaymentOutcome } from '../observability/metrics.js';
import type { OrdersService } from '../orders/service.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { CheckoutsService } from './service.js';

export interface PaymentInfoInput {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}

/** Placing the order from the browser, once the shopper has paid (the spec's create-order). */
export function placeOrderService(deps: {
  payments: PaymentProvider;
  checkouts: CheckoutsService;
  orders: Pick<OrdersService, 'byId' | 'paidWith'>;
  outcome?: (o: PaymentOutcome) => void;
}) {
  const { payments, checkouts, orders } = deps;
  const outcome = deps.outcome ?? (() => {});
  /**
   * The browser's path to an order: the signature, then the provider's word that the payment was
   * captured for this customer, then the checkout record made into its order (the same order a
   * webhook or reconciliation would make; whichever comes first makes it, the others find it).
   */
  return async function placeOrder(customerId: string, shippingInfo: ShippingInfo, payment: PaymentInfoInput) {
    const { razorpayOrderId: providerOrderId, razorpayPaymentId: paymentId } = payment;
    if (!payments.verifySignature(providerOrderId, paymentId, payment.razorpaySignature)) {
      outcome('signature_invalid');
      throw paymentFailed('The payment signature is not valid');
    }
    const previous = await orders.paidWith(customerId, paymentId, providerOrderId);
    if (previous) {
      outcome('replayed');
      return { order: previous, created: false };
    }

    let providerOrder: Awaited<ReturnType<typeof payments.fetchOrder>>;
    let providerPayment: Awaited<ReturnType<typeof payments.fetchPayment>>;
    try {
      [providerOrder, providerPayment] = await Promise.all([payments.fetchOrder(providerOrderId), payments.fetchPayment(paymentId)]);
    } catch (err) {
      // The provider did not answer (slow under load, down): its webhook may have made the order meanwhile, and then
      // that order is the answer, not "unreachable" for an order that exists.
      const madeMeanwhile = await orders.paidWith(customerId, paymentId, providerOrderId).catch(() => null);
      if (madeMeanwhile) {
        outcome('replayed');
        return { order: madeMeanwhile, created: false };
      }
      if ((err as { status?: number }).status === 503) outcome('provider_unreachable');
      throw err;
    }
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
    const done = await checkouts.complete(providerOrderId, { ...providerPayment, status: 'captured' }, 'placeOrder', checkout);
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
    return { order: await orders.byId(done.orderId), created: done.created };
  };
}
