import type { ApolloError } from '@apollo/client';
import type { ErrorCode } from '../../__generated__/schema-enums';
import { MESSAGES } from '../../config/messages';
import type { CheckoutStatusQuery } from './__generated__/checkout-status';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/** The server said no for a reason the shopper can read (stock, amount, signature); anything else may still become an order. */
const DEFINITE: ReadonlySet<string> = new Set<ErrorCode>([
  'CONFLICT',
  'PAYMENT_FAILED',
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
]);

/** Why placing the order was refused for good, in the server's words; null when the order may still be made (the webhook). */
export function definiteRefusal(err: unknown): string | null {
  const first = (err as ApolloError | undefined)?.graphQLErrors?.[0];
  const code = first?.extensions?.code;
  return first && typeof code === 'string' && DEFINITE.has(code) ? first.message : null;
}

/** What a payment the widget reported failed says: the provider's reason, then that nothing changed. */
export const paymentFailedMessage = (reason: string) => `${reason} ${CHECKOUT_MESSAGES.cartUnchanged}`;

/** What became of a paid checkout, as its status says: made an order, refunded, not this shopper's, or not known yet (null). */
export type ConfirmationOutcome = 'ordered' | 'refunded' | 'unknown' | null;

export function confirmationOutcome(data: CheckoutStatusQuery | undefined): ConfirmationOutcome {
  const state = data?.checkoutStatus?.state;
  if (state === 'ORDERED') return 'ordered';
  if (state === 'REFUNDED') return 'refunded';
  return data && data.checkoutStatus === null ? 'unknown' : null;
}

/** What the checkout says while a payment is being confirmed: that it is, or that it was refunded (and why). */
export function confirmationMessage(status: CheckoutStatusQuery['checkoutStatus'] | undefined): string {
  if (status?.state !== 'REFUNDED') return MESSAGES.paymentConfirming;
  return `${MESSAGES.paymentRefunded}${status.reason ? ` (${status.reason})` : ''}`;
}

/** The Place Order button's words: confirming a payment made, paying, or ready. */
export const placeOrderLabel = (paying: boolean, confirming: boolean): string =>
  confirming ? CHECKOUT_MESSAGES.confirmingPayment : paying ? CHECKOUT_MESSAGES.paying : CHECKOUT_MESSAGES.placeOrder;
