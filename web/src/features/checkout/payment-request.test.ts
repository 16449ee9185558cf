import { describe, expect, it } from 'vitest';
import { SHIPPING_ADDRESS } from './checkout-fixtures';
import { type CheckoutShop, placeOrderInput, toAddressInput, widgetOptions } from './payment-request';
import { CHECKOUT_MESSAGES } from './checkout-messages';

const values = SHIPPING_ADDRESS;
const session = { keyId: 'rzp_test', amount: 210000, currency: 'INR', providerOrderId: 'order_1' };
const shop = (me: CheckoutShop['me']): CheckoutShop => ({
  shopInfo: { __typename: 'ShopInfo', name: 'Digitic', paymentKeyId: 'rzp_test', checkoutScriptUrl: '/checkout.js' },
  me,
});

describe('toAddressInput', () => {
  it('sends the PIN code as a number and no apartment line or phone as null', () => {
    expect(toAddressInput(values)).toEqual({ ...values, other: null, phone: null, gstin: null, pincode: 395003 });
  });

  it('keeps a phone given', () => {
    expect(toAddressInput({ ...values, phone: '9825012345' }).phone).toBe('9825012345');
  });

  it('keeps an apartment line given', () => {
    expect(toAddressInput({ ...values, other: 'Flat 4' }).other).toBe('Flat 4');
  });
});

describe('widgetOptions', () => {
  it("charges the session's amount in the shop's name, prefilled with the signed-in customer", () => {
    const me = { __typename: 'Customer' as const, id: 'u1', firstname: 'Asha', lastname: 'Patel', email: 'a@b.c', mobile: '9876543210' };
    expect(widgetOptions(session, shop(me), 'Someone')).toEqual({
      key: 'rzp_test',
      amount: 210000,
      currency: 'INR',
      order_id: 'order_1',
      name: 'Digitic',
      description: CHECKOUT_MESSAGES.paymentDescription,
      prefill: { name: 'Asha Patel', email: 'a@b.c', contact: '9876543210' },
      theme: { color: '#232f3e' },
    });
  });

  it("prefills the form's first name and nothing else when nobody is signed in, and trims a missing last name", () => {
    expect(widgetOptions(session, shop(null), 'Asha').prefill).toEqual({ name: 'Asha', email: '', contact: '' });
    const noLastName = { __typename: 'Customer' as const, id: 'u1', firstname: 'Asha', lastname: '', email: 'a@b.c', mobile: null };
    expect(widgetOptions(session, shop(noLastName), 'x').prefill).toEqual({ name: 'Asha', email: 'a@b.c', contact: '' });
  });
});

describe('placeOrderInput', () => {
  it("names the widget's payment as the api does, with the checkout's address", () => {
    const address = toAddressInput(values);
    const paid = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
    expect(placeOrderInput(address, paid)).toEqual({
      address,
      payment: { providerOrderId: 'order_1', providerPaymentId: 'pay_1', signature: 'sig' },
    });
  });
});
