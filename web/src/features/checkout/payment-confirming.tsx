import { Link } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/**
 * Shown after the shopper paid but the browser did not see the order made (placeOrder failed on the way,
 * or the page was reloaded): what became of the payment so far, as useCheckoutPayment finds out.
 */
export function PaymentConfirming({ message }: { message: string }) {
  return (
    <div className="payment-confirming" role="status" aria-live="polite">
      <p>{message}</p>
      <Link to={ROUTES.myOrders}>{CHECKOUT_MESSAGES.myOrders}</Link>
    </div>
  );
}
