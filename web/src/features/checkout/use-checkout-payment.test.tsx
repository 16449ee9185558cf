import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../config/messages';
import { loadScript, openWidget, type WidgetCallbacks } from '../../lib/payment-widget';
import { pendingPayment, rememberPendingPayment, savedAddress } from '../../lib/storage';
import { type CheckoutState, CheckoutStatusDocument } from './__generated__/checkout-status';
import { PlaceOrderDocument } from './__generated__/place-order';
import { StartCheckoutDocument } from './__generated__/start-checkout';
import { SHIPPING_ADDRESS } from './checkout-fixtures';
import { toAddressInput } from './payment-request';
import { useCheckoutPayment } from './use-checkout-payment';
import { CHECKOUT_MESSAGES } from './checkout-messages';

vi.mock('../../lib/payment-widget', () => ({ loadScript: vi.fn(), openWidget: vi.fn() }));
// What the hook toasts: toast(), toast.success() and toast.error().
const shown = vi.hoisted(() => ({ toast: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast/headless', () => ({ toast: Object.assign(shown.toast, { success: shown.success, error: shown.error }) }));

const shop = {
  shopInfo: { __typename: 'ShopInfo' as const, name: 'Digitic', paymentKeyId: 'rzp_test', checkoutScriptUrl: '/checkout.js' },
  me: null,
};
const values = SHIPPING_ADDRESS;
const address = toAddressInput(values);
const paid = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

const started = (result: MockedResponse['result']): MockedResponse => ({
  request: { query: StartCheckoutDocument, variables: { address, couponCode: 'WINTER10' } },
  result,
});
const session = started({
  data: {
    startCheckout: {
      __typename: 'CheckoutSession',
      providerOrderId: 'order_1',
      amount: 190000,
      currency: 'INR',
      keyId: 'rzp_test',
      scriptUrl: '/checkout.js',
      total: 2100,
      discount: 200,
      totalAfterDiscount: 1900,
    },
  },
});
const placed = (answer: Pick<MockedResponse, 'result' | 'error'>): MockedResponse => ({
  request: {
    query: PlaceOrderDocument,
    variables: { input: { address, payment: { providerOrderId: 'order_1', providerPaymentId: 'pay_1', signature: 'sig' } } },
  },
  ...answer,
});
const order = { data: { placeOrder: { __typename: 'Order', id: 'o1', status: 'ORDERED', total: 1900 } } };
const statusOf = (state: CheckoutState | null, reason: string | null = null): MockedResponse => ({
  request: { query: CheckoutStatusDocument, variables: { providerOrderId: 'order_1' } },
  result: {
    data: { checkoutStatus: state && { __typename: 'CheckoutStatus', providerOrderId: 'order_1', state, orderId: null, reason } },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

function setUp(mocks: MockedResponse[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/checkout']}>{children}</MemoryRouter>
    </MockedProvider>
  );
  const hook = renderHook(() => ({ payment: useCheckoutPayment({ shop, couponCode: 'WINTER10' }), path: useLocation().pathname }), {
    wrapper,
  });
  return { ...hook, pay: () => act(() => hook.result.current.payment.pay(values)) };
}
/** The callbacks of the widget last opened. */
const widget = (): WidgetCallbacks => vi.mocked(openWidget).mock.calls.at(-1)![1];

/** What the hook alerts (window.alert, as the spec has it). */
const alerted = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(loadScript).mockResolvedValue(true);
  vi.spyOn(window, 'alert').mockImplementation(alerted);
});

describe('useCheckoutPayment before the widget', () => {
  it("alerts the spec's words when the widget's script cannot load, and lets the shopper try again", async () => {
    vi.mocked(loadScript).mockResolvedValue(false);
    const { result, pay } = setUp([]);
    await pay();
    expect(loadScript).toHaveBeenCalledWith('/checkout.js');
    expect(alerted).toHaveBeenCalledWith(MESSAGES.sdkFailed);
    expect(result.current.payment.paying).toBe(false);
    expect(savedAddress()).toEqual(values);
    await pay();
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it("alerts when the checkout could not be started, and toasts the shop's refusal", async () => {
    const { result, pay } = setUp([
      started({ data: { startCheckout: null } }),
      started({ errors: [new GraphQLError('We ship to Gujarat only', { extensions: { code: 'BAD_USER_INPUT' } })] }),
    ]);
    await pay();
    expect(alerted).toHaveBeenCalledWith(MESSAGES.checkoutNoOrder);
    await pay();
    expect(shown.error).toHaveBeenCalledWith('We ship to Gujarat only');
    expect(result.current.payment.paying).toBe(false);
    expect(openWidget).not.toHaveBeenCalled();
  });

  it('starts one payment for a double click', async () => {
    const { result } = setUp([session]);
    await act(() => Promise.all([result.current.payment.pay(values), result.current.payment.pay(values)]));
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(openWidget).toHaveBeenCalledTimes(1);
    expect(vi.mocked(openWidget).mock.calls[0]![0]).toMatchObject({ amount: 190000, order_id: 'order_1', prefill: { name: 'Asha' } });
    expect(result.current.payment.paying).toBe(true);
  });
});

describe('useCheckoutPayment in the widget', () => {
  it('keeps paying after a failed attempt (the widget stays open) and stops when it is closed', async () => {
    const { result, pay } = setUp([session]);
    await pay();
    act(() => widget().onFailed('Your card was declined.'));
    expect(shown.error).toHaveBeenCalledWith(`Your card was declined. ${CHECKOUT_MESSAGES.cartUnchanged}`);
    expect(result.current.payment.paying).toBe(true);
    act(() => widget().onDismiss());
    expect(shown.toast).toHaveBeenCalledWith(CHECKOUT_MESSAGES.paymentCancelled);
    expect(result.current.payment.paying).toBe(false);
  });

  it('places the order once paid, forgets the address and opens My Orders', async () => {
    const { result, pay } = setUp([session, placed({ result: order })]);
    await pay();
    act(() => widget().onPaid(paid));
    await waitFor(() => expect(result.current.path).toBe('/my-orders'));
    expect(shown.success).toHaveBeenCalledWith(MESSAGES.orderCreated);
    expect(savedAddress()).toEqual({});
    expect(pendingPayment()).toBeNull();
    expect(result.current.payment).toMatchObject({ paying: false, confirming: null });
  });

  it("toasts a definite refusal in the server's words and forgets the payment", async () => {
    const refusal = new GraphQLError('Out of stock', { extensions: { code: 'CONFLICT' } });
    const { result, pay } = setUp([session, placed({ result: { errors: [refusal] } })]);
    await pay();
    act(() => widget().onPaid(paid));
    await waitFor(() => expect(shown.error).toHaveBeenCalledWith('Out of stock'));
    expect(pendingPayment()).toBeNull();
    expect(result.current.payment).toMatchObject({ paying: false, confirming: null });
  });

  it('waits for the webhook when the answer is lost, and ends in My Orders once the checkout is an order', async () => {
    // The webhook takes a moment: the status answers after the page has said it is confirming.
    const { result, pay } = setUp([session, placed({ error: new TypeError('Failed to fetch') }), { ...statusOf('ORDERED'), delay: 100 }]);
    await pay();
    act(() => widget().onPaid(paid));
    await waitFor(() => expect(result.current.payment.confirming?.providerOrderId).toBe('order_1'));
    expect(result.current.payment.confirming?.message).toBe(MESSAGES.paymentConfirming);
    await waitFor(() => expect(result.current.path).toBe('/my-orders'));
    expect(pendingPayment()).toBeNull();
  });
});

describe('useCheckoutPayment after a reload', () => {
  beforeEach(() => rememberPendingPayment('order_1'));

  it('says a remembered payment was refunded, and why, and forgets it', async () => {
    const { result } = setUp([statusOf('REFUNDED', 'Out of stock')]);
    expect(result.current.payment.confirming?.message).toBe(MESSAGES.paymentConfirming);
    await waitFor(() => expect(result.current.payment.confirming?.message).toBe(`${MESSAGES.paymentRefunded} (Out of stock)`));
    expect(pendingPayment()).toBeNull();
    expect(result.current.payment.paying).toBe(false);
  });

  it("stops waiting for a checkout that is not this customer's", async () => {
    const { result } = setUp([statusOf(null)]);
    await waitFor(() => expect(result.current.payment.confirming).toBeNull());
    expect(pendingPayment()).toBeNull();
  });
});
