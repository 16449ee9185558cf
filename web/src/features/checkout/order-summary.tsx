import { formatPaise, Price } from '../../components/price';
import { Skeleton } from '../../components/query-state';
import type { OrderSummary_CartFragment } from './__generated__/order-summary';
import { type AppliedCoupon, CouponForm } from './coupon-form';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/** The checkout's order summary: the cart's lines and totals (less a coupon applied), and the coupon entry. */
export function OrderSummary({
  cart,
  coupon,
  onCoupon,
}: {
  cart: OrderSummary_CartFragment | undefined;
  coupon: AppliedCoupon | null;
  onCoupon: (coupon: AppliedCoupon | null) => void;
}) {
  return (
    <aside className="checkout-summary" aria-label={CHECKOUT_MESSAGES.orderSummary}>
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
            <dt>{CHECKOUT_MESSAGES.summarySubtotal}</dt>
            <dd>
              <Price amount={cart.subtotal} />
            </dd>
            <dt>{CHECKOUT_MESSAGES.summaryShipping}</dt>
            <dd>
              <Price amount={cart.shipping} />
            </dd>
            {coupon && (
              <>
                <dt>
                  {CHECKOUT_MESSAGES.summaryDiscount} ({coupon.code})
                </dt>
                <dd>
                  -<Price amount={coupon.discount} />
                </dd>
              </>
            )}
            <dt className="total">{CHECKOUT_MESSAGES.summaryTotal}</dt>
            <dd className="total">
              <Price amount={coupon ? coupon.totalAfterDiscount : cart.total} />
            </dd>
            <dt className="muted">{CHECKOUT_MESSAGES.summaryGst}</dt>
            <dd className="muted">{formatPaise(coupon ? coupon.gstPaise : cart.gstPaise)}</dd>
          </dl>
          {cart.lines.length > 0 && <CouponForm applied={coupon} onApplied={onCoupon} />}
        </>
      )}
    </aside>
  );
}
