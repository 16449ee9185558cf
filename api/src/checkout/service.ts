import type { Checkout } from '../db/schema.js';
import { paymentFailed } from '../domain/errors.js';
import { automaticRefunds } from '../refunds/automatic.js';
import { recordReportedRefund } from '../refunds/reported.js';
import { checkoutCompletion } from './complete.js';
import { checkoutMails } from './mails.js';
import { byProviderOrder, checkoutJson, type CheckoutsDeps } from './model.js';
import { quoteCart } from './quote.js';
import { checkoutStart } from './start.js';

export type { CheckoutOutcome, CheckoutsDeps, Completion, CompletionSource } from './model.js';
export { NotOrdered, amountDue, checkoutJson } from './model.js';

/**
 * The checkout, as one service for the routes, the webhooks and reconciliation: start (start.ts), the quote
 * (quote.ts), completion into an order or a refund (complete.ts, refunds/automatic.ts), the refunds the
 * provider reports (refunds/reported.ts), and its e-mails (mails.ts).
 */
export function checkoutsService(deps: CheckoutsDeps) {
  const { db } = deps;
  const mails = checkoutMails(deps);
  const { complete, markFailed } = checkoutCompletion(deps, mails, automaticRefunds(deps, mails));
  return {
    ...checkoutStart(deps),
    complete,
    markFailed,
    ...mails,
    byProviderOrder: (providerOrderId: string) => byProviderOrder(db, providerOrderId),
    recordRefund: (refund: { id: string; payment_id: string; amount: number; status: string }, source: string) =>
      recordReportedRefund(db, mails, refund, source),
    quote: (customerId: string, couponCode: string | null) => quoteCart(db, deps.seller, customerId, couponCode),

    /** The caller's checkout by its provider order id (null for anyone else's). */
    async mine(customerId: string, providerOrderId: string) {
      const c = await byProviderOrder(db, providerOrderId);
      return c && c.customer_id === customerId ? checkoutJson(c, deps.keyId) : null;
    },

    /** Whether the caller may spend a payment on this checkout (the gateway writes the customer on each). */
    assertOwner(checkout: Checkout, customerId: string) {
      if (checkout.customer_id !== customerId) throw paymentFailed('This payment was started by another customer');
    },
  };
}

export type CheckoutsService = ReturnType<typeof checkoutsService>;
