import { toPaise } from '@digitic/shop-rules';
import { WEBHOOK } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { removeOrderedLines } from '../cart/service.js';
import { releaseCoupon, spendCoupon } from '../coupons/redemptions.js';
import { addOrderEvent } from '../orders/timeline.js';
import { writeOrder } from '../orders/write-order.js';
import type { ProviderPayment } from '../payments/provider.js';
import { takeStock } from '../products/stock.js';
import type { automaticRefunds } from '../refunds/automatic.js';
import type { Checkout } from '../db/schema.js';
import { moveCheckout } from './checkout-state.js';
import { issueInvoice } from '../tax/documents.js';
import type { CheckoutMails } from './mails.js';
import {
  amountDue,
  byProviderOrder,
  type CheckoutsDeps,
  type Completion,
  type CompletionSource,
  completedBy,
  counter,
  NotOrdered,
} from './model.js';

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** A paid checkout becomes its order (once, whoever asks), or its payment is refunded with the reason; or a payment fails. */
export function checkoutCompletion(
  deps: Pick<CheckoutsDeps, 'db' | 'log' | 'outcome' | 'seller'>,
  mails: Pick<CheckoutMails, 'sendConfirmation'>,
  refunds: ReturnType<typeof automaticRefunds>,
) {
  const { db, log } = deps;
  const count = counter(deps);

  /**
   * Turns a captured payment into the order its checkout record describes, exactly once whatever
   * path calls it and however many call at once: the record is locked, its status decides.
   */
  async function complete(
    providerOrderId: string,
    payment: ProviderPayment,
    source: CompletionSource,
    /** The checkout as the caller just read it (its id and customer, which never change), or read here. */
    read?: Checkout,
  ): Promise<Completion> {
    const checkout = read?.razorpay_order_id === providerOrderId ? read : await byProviderOrder(db, providerOrderId);
    if (!checkout) return null;
    const actor = completedBy(source, checkout.customer_id);
    class Refuse extends Error {
      constructor(readonly refusal: NotOrdered) {
        super(refusal.message);
      }
    }
    try {
      const done = await db.transaction().execute(async (trx) => {
        // The customer's row first, as an erasure takes it (customers/erasure.ts): an erasure under way is waited
        // for, and one that committed is seen.
        const customer = await trx
          .selectFrom('customers')
          .select('erased_at')
          .where('id', '=', checkout.customer_id)
          .forKeyShare()
          .executeTakeFirst();
        const k = await trx.selectFrom('checkouts').selectAll().where('id', '=', checkout.id).forUpdate().executeTakeFirstOrThrow();
        if (k.status === 'ordered' && k.order_id) {
          if (k.razorpay_payment_id === payment.id) return { orderId: k.order_id, created: false };
          throw new Refuse(
            new NotOrdered(
              'This checkout was already paid and ordered; the second payment will be refunded.',
              'second_payment',
              'a second payment for an order already made',
            ),
          );
        }
        if (k.status === 'refunded') {
          // The same answer whichever path met the refusal first.
          throw new Refuse(
            new NotOrdered(k.failure_reason ?? 'This payment could not become an order and has been refunded.', 'already_refunded'),
          );
        }
        if (k.failure_reason && k.razorpay_payment_id === payment.id) {
          throw new Refuse(new NotOrdered(k.failure_reason, 'already_refunded'));
        }
        // A payment that arrives for an account deleted meanwhile (a checkout that had failed, paid later) makes no
        // order: it is recorded against the checkout and refunded.
        if (!customer || customer.erased_at) {
          throw new Refuse(
            new NotOrdered(
              'This account was deleted before its payment arrived. The payment will be refunded.',
              'erased',
              'the account was deleted before the payment arrived',
            ),
          );
        }
        const paid = await moveCheckout(trx, { locked: k }, 'paid', { razorpay_payment_id: payment.id, paid_at: new Date() }, actor);
        if (!paid) throw new Error(`checkout ${k.razorpay_order_id} could not be marked paid from ${k.status}`);
        if (payment.amount !== toPaise(amountDue(k)) || payment.currency !== 'INR') {
          throw new Refuse(
            new NotOrdered(
              `The amount paid does not match your cart total of Rs. ${amountDue(k)}`,
              'amount_mismatch',
              'amount paid does not match the cart total',
            ),
          );
        }
        const orderId = await writeOrder(trx, k, payment.id, deps.seller);
        const short = await takeStock(trx, k.lines);
        if (short) {
          throw new Refuse(
            new NotOrdered(
              `Sorry, ${short.title} in ${short.color} is out of stock. Your payment will be refunded.`,
              'out_of_stock',
              `out of stock: ${short.title} in ${short.color}`,
            ),
          );
        }
        const couponRefused = await spendCoupon(trx, k, orderId, payment.created_at ? new Date(payment.created_at * 1000) : new Date());
        if (couponRefused) {
          throw new Refuse(
            new NotOrdered(
              `Sorry, your order could not be made: ${couponRefused}. Your payment will be refunded.`,
              'coupon',
              `coupon: ${couponRefused}`,
            ),
          );
        }
        await removeOrderedLines(trx, k.customer_id, k.lines);
        await moveCheckout(trx, { locked: paid }, 'ordered', { order_id: orderId, failure_reason: null }, actor);
        await addOrderEvent(trx, orderId, 'placed', actor, {
          to: 'Ordered',
          detail: { paymentId: payment.id, amountPaise: payment.amount, checkoutId: k.id },
        });
        await recordAudit(trx, actor, {
          action: 'order.placed',
          subject: { kind: 'order', id: orderId },
          after: {
            status: 'Ordered',
            total: k.total,
            ...(k.coupon_code ? { couponCode: k.coupon_code, discount: k.discount } : {}),
            paid: amountDue(k),
            paymentId: payment.id,
          },
        });
        // Its tax invoice, numbered last in this transaction (the series' row is locked only until the commit): an
        // order rolled back takes no number.
        await issueInvoice(trx, orderId, deps.seller);
        return { orderId, created: true };
      });
      if (done.created) {
        count('ordered', source);
        log(`checkout ${providerOrderId}: order ${done.orderId} made by ${source}`);
        void mails.sendConfirmation(done.orderId).catch((err: unknown) => log(`order ${done.orderId}: confirmation failed`, err));
      }
      return done;
    } catch (err) {
      if (err instanceof Refuse) {
        const { refusal } = err;
        if (refusal.kind !== 'already_refunded') {
          // The transaction rolled back: record the payment against the checkout, with why it made no order
          // (so a concurrent completion of the same payment finds the refusal), then refund it.
          const moved = await moveCheckout(
            db,
            { id: checkout.id },
            'paid',
            { razorpay_payment_id: payment.id, paid_at: new Date(), failure_reason: refusal.message },
            actor,
          );
          if (!moved) {
            // Another path completed it meanwhile: its order stands, and this payment is not refunded.
            const now = await byProviderOrder(db, providerOrderId);
            if (now?.status === 'ordered' && now.order_id && now.razorpay_payment_id === payment.id)
              return { orderId: now.order_id, created: false };
          }
          // No order from this checkout: its use of a coupon goes back (a second payment's checkout made its order and keeps it).
          if (refusal.kind !== 'second_payment') await releaseCoupon(db, checkout.id);
          // A webhook answers at once; its refund goes on behind it (reconciliation retries one that fails).
          const refunding = refunds.refundPayment(checkout, payment, refusal.reason, refusal.message);
          if (source === 'webhook') void refunding.catch((e: unknown) => log(`payment ${payment.id}: refund failed`, e));
          else await refunding;
        }
        return { refused: refusal };
      }
      // A concurrent completion won the race for the order's unique keys: answer with its order.
      if (isUniqueViolation(err)) {
        const winner = await byProviderOrder(db, providerOrderId);
        if (winner?.order_id) return { orderId: winner.order_id, created: false };
      }
      throw err;
    }
  }

  /** A payment attempt failed: the checkout says so (the cart is untouched); a later payment may still succeed. */
  async function markFailed(providerOrderId: string, reason: string | null | undefined) {
    // Only a checkout still waiting for its payment fails (the table): a later captured payment may still make it paid.
    const failed = await moveCheckout(
      db,
      { providerOrderId },
      'failed',
      { failure_reason: (reason ?? 'The payment failed').slice(0, 500) },
      WEBHOOK,
    );
    if (failed) count('failed');
    return failed !== null;
  }

  return { complete, markFailed };
}
