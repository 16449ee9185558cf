import { ApolloError } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../config/messages';
import type { CheckoutState } from './__generated__/checkout-status';
import { confirmationMessage, confirmationOutcome, definiteRefusal, paymentFailedMessage, placeOrderLabel } from './payment-outcome';

const refused = (code: string, message = 'Out of stock') =>
  new ApolloError({ graphQLErrors: [new GraphQLError(message, { extensions: { code } })] });
const status = (state: CheckoutState, reason: string | null = null) => ({
  __typename: 'CheckoutStatus' as const,
  providerOrderId: 'order_1',
  state,
  orderId: state === 'ORDERED' ? 'o1' : null,
  reason,
});

describe('definiteRefusal', () => {
  it("is the server's words when it said no for good", () => {
    for (const code of ['CONFLICT', 'PAYMENT_FAILED', 'BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']) {
      expect(definiteRefusal(refused(code))).toBe('Out of stock');
    }
  });

  it('is null when the order may still be made: a crash, no code, the network', () => {
    expect(definiteRefusal(refused('INTERNAL_SERVER_ERROR'))).toBeNull();
    expect(definiteRefusal(new ApolloError({ graphQLErrors: [new GraphQLError('Oops')] }))).toBeNull();
    expect(definiteRefusal(new ApolloError({ networkError: new TypeError('Failed to fetch') }))).toBeNull();
    expect(definiteRefusal(undefined)).toBeNull();
  });
});

describe('paymentFailedMessage', () => {
  it("is the provider's reason, then that the cart is unchanged", () => {
    expect(paymentFailedMessage('Your card was declined.')).toBe('Your card was declined. Your cart is unchanged.');
  });
});

describe('confirmationOutcome', () => {
  it('follows the checkout until it is an order or a refund', () => {
    expect(confirmationOutcome(undefined)).toBeNull();
    expect(confirmationOutcome({ __typename: 'Query', checkoutStatus: status('PAID') })).toBeNull();
    expect(confirmationOutcome({ __typename: 'Query', checkoutStatus: status('ORDERED') })).toBe('ordered');
    expect(confirmationOutcome({ __typename: 'Query', checkoutStatus: status('REFUNDED') })).toBe('refunded');
  });

  it("is unknown when the checkout is not this customer's", () => {
    expect(confirmationOutcome({ __typename: 'Query', checkoutStatus: null })).toBe('unknown');
  });
});

describe('confirmationMessage', () => {
  it('says the payment is being confirmed until it is refunded, then why', () => {
    expect(confirmationMessage(undefined)).toBe(MESSAGES.paymentConfirming);
    expect(confirmationMessage(status('PAID'))).toBe(MESSAGES.paymentConfirming);
    expect(confirmationMessage(status('REFUNDED'))).toBe(MESSAGES.paymentRefunded);
    expect(confirmationMessage(status('REFUNDED', 'Out of stock'))).toBe(`${MESSAGES.paymentRefunded} (Out of stock)`);
  });
});

describe('placeOrderLabel', () => {
  it('says what the button is waiting for', () => {
    expect(placeOrderLabel(false, false)).toBe('Place Order');
    expect(placeOrderLabel(true, false)).toBe('Paying…');
    expect(placeOrderLabel(true, true)).toBe('Confirming payment…');
    expect(placeOrderLabel(false, true)).toBe('Confirming payment…');
  });
});
