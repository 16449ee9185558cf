import { toPaise } from '@digitic/shop-rules';
import type { Checkout } from '../db/schema.js';
import type { CheckoutMails } from '../checkout/mails.js';
import { amountDue, type CheckoutsDeps, counter } from '../checkout/model.js';
import type { ProviderPayment } from '../payments/provider.js';
import { settleUnsettled } from './unsettled.js';

/** The automatic refund of a captured payment that made no order (out of stock, a wrong amount, a second payment). */
export function automaticRefunds(
  deps: Pick<CheckoutsDeps, 'db' | 'payments' | 'log' | 'outcome'>,
  mails: Pick<CheckoutMails, 'sendRefundNotice'>,
) {
  const { db, payments, log } = deps;
  const count = counter(deps);
  const { sendRefundNotice } = mails;

  /** Keeps a captured payment that made no order, refunds it through the provider now, and tells the shopper. */
  async function refundPayment(checkout: Checkout, payment: ProviderPayment, reason: string, message = reason): Promise<boolean> {
    log(`checkout ${checkout.razorpay_order_id}: payment ${payment.id} made no order (${reason}); refunding it`);
    await db
      .insertInto('unsettled_payments')
      .values({
        razorpay_payment_id: payment.id,
        razorpay_order_id: checkout.razorpay_order_id,
        customer_id: checkout.customer_id,
        amount_paid: payment.amount,
        cart_total: toPaise(amountDue(checkout)),
        reason,
      })
      .onConflict((oc) => oc.column('razorpay_payment_id').doNothing())
      .execute();
    await db
      .updateTable('checkouts')
      .set({ failure_reason: message, updated_at: new Date() })
      .where('id', '=', checkout.id)
      .where('status', '!=', 'ordered')
      .execute();
    const [result] = await settleUnsettled(db, payments, { only: payment.id, source: 'automatic' });
    if (result?.outcome === 'refunded' || result?.outcome === 'already refunded at the provider') {
      count('refunded');
      await sendRefundNotice(payment.id);
      return true;
    }
    count('refund_pending');
    log(
      `payment ${payment.id}: the automatic refund did not go through (${result && 'why' in result ? result.why : 'no result'}); it will be retried`,
    );
    return false;
  }

  return { refundPayment };
}
