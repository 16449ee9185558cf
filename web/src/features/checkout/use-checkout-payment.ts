import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast/headless';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { loadScript, openWidget } from '../../lib/payment-widget';
import { shopperMessage } from '../../lib/shopper-message';
import { forgetAddress, forgetPendingPayment, pendingPayment, rememberPendingPayment, saveAddress } from '../../lib/storage';
import { useCheckoutStatusQuery } from './__generated__/checkout-status';
import { usePlaceOrderMutation } from './__generated__/place-order';
import { useStartCheckoutMutation } from './__generated__/start-checkout';
import type { AddressValues } from './address-schema';
import { confirmationMessage, confirmationOutcome, definiteRefusal, paymentFailedMessage } from './payment-outcome';
import { type CheckoutShop, placeOrderInput, toAddressInput, widgetOptions } from './payment-request';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/** How often a payment being confirmed asks what became of its checkout. */
export const CONFIRMING_POLL_MS = 2_000;

export interface CheckoutPaymentOptions {
  /** The checkout page's query, once loaded: nothing is paid before. */
  shop: CheckoutShop | undefined;
  /** The coupon applied in the order summary, if any. */
  couponCode: string | null;
}

export interface CheckoutPayment {
  /** Pays for the cart, shipped to `values` (the address form's submit); does nothing while a payment is under way. */
  pay: (values: AddressValues) => Promise<void>;
  /** A payment is under way: from Place Order until the order is made, refused, or the widget closed. */
  paying: boolean;
  /** A payment made whose order the browser has not seen yet, and what the page says about it; no new payment meanwhile. */
  confirming: { providerOrderId: string; message: string } | null;
}

/**
 * The checkout's payment: loads the widget's script, starts the checkout (the shop prices the cart), opens the
 * widget, and places the order once it reports the payment made. When that answer is lost (the network, the
 * shop), or the page was reloaded after paying, the shop makes the order from the provider's webhook: the
 * payment is remembered and its checkout asked after every two seconds until it is an order or a refund.
 * The spec's two alerts stay alerts (§8); everything else is a toast.
 */
export function useCheckoutPayment({ shop, couponCode }: CheckoutPaymentOptions): CheckoutPayment {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [startCheckout] = useStartCheckoutMutation();
  const [placeOrder] = usePlaceOrderMutation();
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(() => pendingPayment()?.providerOrderId ?? null);
  // Set before the first await, so that a double click starts one payment.
  const busy = useRef(false);

  const done = useCallback(() => {
    busy.current = false;
    setPaying(false);
  }, []);

  const ordered = useCallback(() => {
    toast.success(MESSAGES.orderCreated);
    forgetAddress();
    forgetPendingPayment();
    setConfirming(null);
    // The server emptied the cart of what was paid for; the cart and the order list load afresh.
    client.cache.evict({ fieldName: 'cart' });
    client.cache.evict({ fieldName: 'myOrders' });
    client.cache.gc();
    done();
    void navigate(ROUTES.myOrders);
  }, [client, navigate, done]);

  const refunded = useCallback(() => {
    forgetPendingPayment();
    done();
  }, [done]);

  const { data: status } = useCheckoutStatusQuery({
    variables: { providerOrderId: confirming ?? '' },
    skip: confirming === null,
    pollInterval: CONFIRMING_POLL_MS,
    fetchPolicy: 'network-only',
  });
  useEffect(() => {
    const outcome = confirmationOutcome(status);
    if (outcome === 'ordered') ordered();
    else if (outcome === 'refunded') refunded();
    else if (outcome === 'unknown') {
      // Not a checkout of this customer's (another account signed in since): nothing to wait for.
      refunded();
      setConfirming(null);
    }
  }, [status, ordered, refunded]);

  const pay = async (values: AddressValues) => {
    if (busy.current || !shop) return;
    busy.current = true;
    setPaying(true);
    saveAddress(values);
    const address = toAddressInput(values);
    if (!(await loadScript(shop.shopInfo.checkoutScriptUrl))) {
      window.alert(MESSAGES.sdkFailed);
      return done();
    }
    let session;
    try {
      session = (await startCheckout({ variables: { address, couponCode } })).data?.startCheckout;
    } catch (err) {
      toast.error(shopperMessage(err));
      return done();
    }
    if (!session) {
      window.alert(MESSAGES.checkoutNoOrder);
      return done();
    }
    openWidget(widgetOptions(session, shop, values.firstname), {
      onPaid: (paid) => {
        // Kept until the order is seen: a closed tab or a lost answer still ends in My Orders.
        rememberPendingPayment(paid.razorpay_order_id);
        void placeOrder({ variables: { input: placeOrderInput(address, paid) } })
          .then(ordered)
          .catch((err: unknown) => {
            const refusal = definiteRefusal(err);
            if (refusal) {
              forgetPendingPayment();
              toast.error(refusal);
              done();
              return;
            }
            // The network or the shop failed after the payment: the webhook makes the order.
            setConfirming(paid.razorpay_order_id);
          });
      },
      // The widget stays open for another try: still paying.
      onFailed: (reason) => toast.error(paymentFailedMessage(reason)),
      onDismiss: () => {
        toast(CHECKOUT_MESSAGES.paymentCancelled);
        done();
      },
    });
  };

  return {
    pay,
    paying,
    confirming: confirming === null ? null : { providerOrderId: confirming, message: confirmationMessage(status?.checkoutStatus) },
  };
}
