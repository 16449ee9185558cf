import { type ApolloError, useApolloClient } from '@apollo/client';
import { shopperMessage } from '../../lib/shopper-message';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { Link, useNavigate } from 'react-router-dom';
import { useCheckoutPageQuery } from './__generated__/checkout-page';
import { usePlaceOrderMutation } from './__generated__/place-order';
import { type AddressInput, useStartCheckoutMutation } from './__generated__/start-checkout';
import { FormField } from '../../components/form-field';
import { Price } from '../../components/price';
import { LoadError, Skeleton } from '../../components/query-state';
import { MESSAGES } from '../../config/messages';
import { ROUTES } from '../../config/routes';
import { loadScript, openWidget } from '../../lib/payment-widget';
import { forgetAddress, forgetPendingPayment, pendingPayment, rememberPendingPayment, saveAddress, savedAddress } from '../../lib/storage';
import { type AddressValues, AddressSchema } from './address-schema';
import { PaymentConfirming } from './payment-confirming';
import { type AppliedCoupon, CouponForm } from './coupon-form';
import type { ErrorCode } from '../../__generated__/schema-enums';
import './checkout.css';
const toInput = (v: AddressValues): AddressInput => ({ ...v, other: v.other || null, pincode: Number(v.pincode) });

/** The server said no for a reason the shopper can read (stock, amount, signature); anything else may still become an order. */
const DEFINITE: ReadonlySet<string> = new Set<ErrorCode>([
  'CONFLICT',
  'PAYMENT_FAILED',
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
]);
function definiteRefusal(err: unknown): string | null {
  const first = (err as ApolloError | undefined)?.graphQLErrors?.[0];
  const code = first?.extensions?.code;
  return first && typeof code === 'string' && DEFINITE.has(code) ? first.message : null;
}

export function CheckoutPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const { data, error, refetch } = useCheckoutPageQuery({ fetchPolicy: 'cache-and-network' });
  const [startCheckout] = useStartCheckoutMutation();
  const [placeOrder] = usePlaceOrderMutation();
  const [paying, setPaying] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  // A payment made whose order the browser has not seen yet: no new payment until it is resolved.
  const [confirming, setConfirming] = useState<string | null>(() => pendingPayment()?.providerOrderId ?? null);
  const busy = useRef(false);
  const saved = savedAddress<AddressValues>();
  const { register, handleSubmit, formState } = useForm<AddressValues>({
    resolver: zodResolver(AddressSchema),
    defaultValues: { firstname: '', lastname: '', address: '', other: '', country: '', state: '', city: '', pincode: '', ...saved },
  });
  const e = formState.errors;
  const cart = data?.cart;

  const done = () => {
    busy.current = false;
    setPaying(false);
  };

  const ordered = useCallback(() => {
    toast.success(MESSAGES.orderCreated);
    forgetAddress();
    forgetPendingPayment();
    setConfirming(null);
    // The server emptied the cart of what was paid for; the cart and the order list load afresh.
    client.cache.evict({ fieldName: 'cart' });
    client.cache.evict({ fieldName: 'myOrders' });
    client.cache.gc();
    busy.current = false;
    setPaying(false);
    void navigate(ROUTES.myOrders);
  }, [client, navigate]);

  const refunded = useCallback(() => {
    forgetPendingPayment();
    busy.current = false;
    setPaying(false);
  }, []);
  const unknown = useCallback(() => {
    refunded();
    setConfirming(null);
  }, [refunded]);

  const pay = async (values: AddressValues) => {
    if (busy.current || !data) return;
    busy.current = true;
    setPaying(true);
    saveAddress(values);
    const address = toInput(values);
    if (!(await loadScript(data.shopInfo.checkoutScriptUrl))) {
      window.alert(MESSAGES.sdkFailed);
      return done();
    }
    let session;
    try {
      session = (await startCheckout({ variables: { address, couponCode: coupon?.code ?? null } })).data?.startCheckout;
    } catch (err) {
      toast.error(shopperMessage(err));
      return done();
    }
    if (!session) {
      window.alert(MESSAGES.checkoutNoOrder);
      return done();
    }
    const me = data.me;
    openWidget(
      {
        key: session.keyId,
        amount: session.amount,
        currency: session.currency,
        order_id: session.providerOrderId,
        name: data.shopInfo.name,
        description: 'Test Transaction',
        prefill: {
          name: me ? `${me.firstname} ${me.lastname}`.trim() : values.firstname,
          email: me?.email ?? '',
          contact: me?.mobile ?? '',
        },
        theme: { color: '#232f3e' },
      },
      {
        onPaid: (paid) => {
          // Kept until the order is seen: a closed tab or a lost answer still ends in My Orders.
          rememberPendingPayment(paid.razorpay_order_id);
          void placeOrder({
            variables: {
              input: {
                address,
                payment: {
                  providerOrderId: paid.razorpay_order_id,
                  providerPaymentId: paid.razorpay_payment_id,
                  signature: paid.razorpay_signature,
                },
              },
            },
          })
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
        onFailed: (message) => {
          toast.error(`${message} Your cart is unchanged.`);
        },
        onDismiss: () => {
          toast('Payment cancelled. Your cart is unchanged.');
          done();
        },
      },
    );
  };

  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <section className="container page-section checkout">
      <div className="checkout-left">
        <h1>{data?.shopInfo.name ?? 'Digitic'}</h1>
        <nav aria-label="Breadcrumb" className="checkout-steps">
          <Link to={ROUTES.cart}>Cart</Link> / <span aria-current="step">Information</span> / <span>Shipping</span> / <span>Payment</span>
        </nav>
        <h2>Contact Information</h2>
        <p className="muted">{data?.me ? `${data.me.firstname} ${data.me.lastname} (${data.me.email})` : ''}</p>
        {confirming && <PaymentConfirming providerOrderId={confirming} onOrdered={ordered} onRefunded={refunded} onUnknown={unknown} />}
        <h2>Shipping Address</h2>
        <form className="address-form" noValidate onSubmit={(ev) => void handleSubmit(pay)(ev)} aria-label="Shipping Address">
          <div className="field">
            <label htmlFor="country" className="visually-hidden">
              Country
            </label>
            <select id="country" aria-invalid={Boolean(e.country)} {...register('country')}>
              <option value="">Select Country</option>
              <option value="India">India</option>
            </select>
            <p className="field-error">{e.country?.message}</p>
          </div>
          <div className="two">
            <FormField label="First Name" autoComplete="given-name" error={e.firstname?.message} {...register('firstname')} />
            <FormField label="Last Name" autoComplete="family-name" error={e.lastname?.message} {...register('lastname')} />
          </div>
          <FormField label="Address" autoComplete="street-address" error={e.address?.message} {...register('address')} />
          <FormField label="Apartment, Suite ,etc" error={e.other?.message} {...register('other')} />
          <div className="three">
            <FormField label="City" autoComplete="address-level2" error={e.city?.message} {...register('city')} />
            <div className="field">
              <label htmlFor="state" className="visually-hidden">
                State
              </label>
              <select id="state" aria-invalid={Boolean(e.state)} {...register('state')}>
                <option value="">Select State</option>
                <option value="Gujarat">Gujarat</option>
              </select>
              <p className="field-error">{e.state?.message}</p>
            </div>
            <FormField label="Zipcode" inputMode="numeric" autoComplete="postal-code" error={e.pincode?.message} {...register('pincode')} />
          </div>
          <div className="checkout-actions">
            <Link to={ROUTES.cart}>&larr; Return to Cart</Link>
            <button
              type="button"
              className="button secondary"
              onClick={(ev) =>
                void handleSubmit((values) => {
                  saveAddress(values);
                  toast.success('Shipping address saved');
                })(ev)
              }
            >
              Continue to Shipping
            </button>
            <button type="submit" className="button" disabled={paying || confirming !== null || !cart || cart.lines.length === 0}>
              {confirming ? 'Confirming payment…' : paying ? 'Paying…' : 'Place Order'}
            </button>
          </div>
        </form>
      </div>
      <aside className="checkout-summary" aria-label="Order summary">
        {!cart ? (
          <Skeleton height={200} />
        ) : (
          <>
            <ul>
              {cart.lines.map((l) => (
                <li key={l.id}>
                  {l.product.images[0] && <img src={l.product.images[0].url} alt="" width={56} height={56} />}
                  <span className="qty-badge">{l.quantity}</span>
                  <span className="grow">{l.product.title}</span>
                  <Price amount={l.lineTotal} />
                </li>
              ))}
            </ul>
            <dl>
              <dt>SubTotal</dt>
              <dd>
                <Price amount={cart.subtotal} />
              </dd>
              <dt>Shipping</dt>
              <dd>
                <Price amount={cart.shipping} />
              </dd>
              {coupon && (
                <>
                  <dt>Discount ({coupon.code})</dt>
                  <dd>
                    -<Price amount={coupon.discount} />
                  </dd>
                </>
              )}
              <dt className="total">Total</dt>
              <dd className="total">
                <Price amount={coupon ? coupon.totalAfterDiscount : cart.total} />
              </dd>
            </dl>
            {cart.lines.length > 0 && <CouponForm applied={coupon} onApplied={setCoupon} />}
          </>
        )}
      </aside>
    </section>
  );
}
