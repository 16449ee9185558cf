import type { PaidResponse, WidgetOptions } from '../../lib/payment-widget';
import type { CheckoutPageQuery } from './__generated__/checkout-page';
import type { PlaceOrderInput } from './__generated__/place-order';
import type { AddressInput, StartCheckoutMutation } from './__generated__/start-checkout';
import type { AddressValues } from './address-schema';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/** What paying needs of the checkout page's query: the shop (its name, the widget's script) and who is signed in. */
export type CheckoutShop = Pick<CheckoutPageQuery, 'shopInfo' | 'me'>;
/** The checkout the shop started (startCheckout): what the widget charges. */
export type CheckoutSession = Pick<StartCheckoutMutation['startCheckout'], 'keyId' | 'amount' | 'currency' | 'providerOrderId'>;

/** The payment widget's colour (the shop's header). */
const WIDGET_COLOR = '#232f3e';

/** The form's address as the api takes it: an empty apartment line or phone null, the PIN code a number. */
export const toAddressInput = (v: AddressValues): AddressInput => ({
  ...v,
  other: v.other || null,
  phone: v.phone || null,
  gstin: v.gstin || null,
  pincode: Number(v.pincode),
});

/** What the widget opens with: the session's charge, the shop's name, the shopper's name and contact filled in. */
export function widgetOptions(session: CheckoutSession, shop: CheckoutShop, firstname: string): WidgetOptions {
  const me = shop.me;
  return {
    key: session.keyId,
    amount: session.amount,
    currency: session.currency,
    order_id: session.providerOrderId,
    name: shop.shopInfo.name,
    description: CHECKOUT_MESSAGES.paymentDescription,
    prefill: {
      name: me ? `${me.firstname} ${me.lastname}`.trim() : firstname,
      email: me?.email ?? '',
      contact: me?.mobile ?? '',
    },
    theme: { color: WIDGET_COLOR },
  };
}

/** The order to place for a payment the widget reported made, to the address the checkout was started with. */
export const placeOrderInput = (address: AddressInput, paid: PaidResponse): PlaceOrderInput => ({
  address,
  payment: {
    providerOrderId: paid.razorpay_order_id,
    providerPaymentId: paid.razorpay_payment_id,
    signature: paid.razorpay_signature,
  },
});
