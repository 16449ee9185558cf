import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useCheckoutStatusQuery } from './__generated__/checkout-status';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';

/**
 * Shown after the shopper paid but the browser did not see the order made (placeOrder failed on the
 * way, or the page was reloaded): the shop makes the order from the provider's webhook; this asks
 * every two seconds what became of the checkout and reports back once it is an order or a refund.
 */
export function PaymentConfirming({
  providerOrderId,
  onOrdered,
  onRefunded,
  onUnknown,
}: {
  providerOrderId: string;
  onOrdered: () => void;
  onRefunded: () => void;
  /** Not a checkout of this customer's (another account signed in since): nothing to wait for. */
  onUnknown: () => void;
}) {
  const { data } = useCheckoutStatusQuery({
    variables: { providerOrderId },
    pollInterval: 2_000,
    fetchPolicy: 'network-only',
  });
  const status = data?.checkoutStatus;
  useEffect(() => {
    if (status?.state === 'ORDERED') onOrdered();
    else if (status?.state === 'REFUNDED') onRefunded();
    else if (data && data.checkoutStatus === null) onUnknown();
  }, [data, status?.state, onOrdered, onRefunded, onUnknown]);
  const refunded = status?.state === 'REFUNDED';
  return (
    <div className="payment-confirming" role="status" aria-live="polite">
      <p>{refunded ? `${MESSAGES.paymentRefunded}${status.reason ? ` (${status.reason})` : ''}` : MESSAGES.paymentConfirming}</p>
      <Link to={ROUTES.myOrders}>My Orders</Link>
    </div>
  );
}
