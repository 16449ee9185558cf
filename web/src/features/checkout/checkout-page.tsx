import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../components/query-state';
import { ROUTES } from '../../config/routes';
import { useCheckoutPageQuery } from './__generated__/checkout-page';
import { AddressFields } from './address-fields';
import { useAddressForm } from './address-form';
import type { AppliedCoupon } from './coupon-form';
import { OrderSummary } from './order-summary';
import { placeOrderLabel } from './payment-outcome';
import { PaymentConfirming } from './payment-confirming';
import { useCheckoutPayment } from './use-checkout-payment';
import './checkout.css';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/** The checkout (spec §5): the shipping address, the order summary, and Place Order (useCheckoutPayment pays). */
export function CheckoutPage() {
  const { data, error, refetch } = useCheckoutPageQuery({ fetchPolicy: 'cache-and-network' });
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const { register, errors, handleSubmit, saveForLater } = useAddressForm(data?.me?.mobile);
  const { pay, paying, confirming } = useCheckoutPayment({ shop: data, couponCode: coupon?.code ?? null });
  const cart = data?.cart;

  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <section className="container page-section checkout">
      <div className="checkout-left">
        <h1>{data?.shopInfo.name ?? CHECKOUT_MESSAGES.checkoutShopName}</h1>
        <nav aria-label={CHECKOUT_MESSAGES.checkoutSteps} className="checkout-steps">
          <Link to={ROUTES.cart}>{CHECKOUT_MESSAGES.checkoutStepCart}</Link> /{' '}
          <span aria-current="step">{CHECKOUT_MESSAGES.checkoutStepInformation}</span> /{' '}
          <span>{CHECKOUT_MESSAGES.checkoutStepShipping}</span> / <span>{CHECKOUT_MESSAGES.checkoutStepPayment}</span>
        </nav>
        <h2>{CHECKOUT_MESSAGES.contactInformation}</h2>
        <p className="muted">{data?.me ? `${data.me.firstname} ${data.me.lastname} (${data.me.email})` : ''}</p>
        {confirming && <PaymentConfirming message={confirming.message} />}
        <h2>{CHECKOUT_MESSAGES.shippingAddress}</h2>
        <form
          className="address-form"
          noValidate
          onSubmit={(ev) => void handleSubmit(pay)(ev)}
          aria-label={CHECKOUT_MESSAGES.shippingAddress}
        >
          <AddressFields register={register} errors={errors} />
          <div className="checkout-actions">
            <Link to={ROUTES.cart}>{CHECKOUT_MESSAGES.returnToCart}</Link>
            <button type="button" className="button secondary" onClick={(ev) => void saveForLater(ev)}>
              {CHECKOUT_MESSAGES.continueToShipping}
            </button>
            <button type="submit" className="button" disabled={paying || confirming !== null || !cart || cart.lines.length === 0}>
              {placeOrderLabel(paying, confirming !== null)}
            </button>
          </div>
        </form>
      </div>
      <OrderSummary cart={cart} coupon={coupon} onCoupon={setCoupon} />
    </section>
  );
}
