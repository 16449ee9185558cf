import { type ApolloError } from '@apollo/client';
import { useState } from 'react';
import { COUPON_CODE, COUPON_CODE_RULE, normalizeCouponCode } from '@digitic/shop-rules/coupons';
import { useCheckoutQuoteLazyQuery } from './__generated__/checkout-quote';
import { CHECKOUT_MESSAGES as M } from './checkout-messages';

export interface AppliedCoupon {
  code: string;
  discount: number;
  totalAfterDiscount: number;
  /** The GST inside totalAfterDiscount, paise. */
  gstPaise: number;
}

const messageOf = (err: unknown) => (err as ApolloError | undefined)?.graphQLErrors?.[0]?.message ?? M.couponUncheckable;

/**
 * The order summary's coupon entry (an addition to the spec's checkout): the server checks and prices the
 * code against the cart; the page shows what it takes off and pays the total the server priced.
 */
export function CouponForm({ applied, onApplied }: { applied: AppliedCoupon | null; onApplied: (c: AppliedCoupon | null) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [quote, { loading }] = useCheckoutQuoteLazyQuery({ fetchPolicy: 'network-only' });

  const apply = async () => {
    const wanted = normalizeCouponCode(code);
    if (!COUPON_CODE.test(wanted)) {
      setError(wanted ? COUPON_CODE_RULE : M.couponEnter);
      return;
    }
    setError(null);
    try {
      const { data, error: failed } = await quote({ variables: { couponCode: wanted } });
      const q = data?.checkoutQuote;
      if (failed || !q?.coupon) {
        setError(messageOf(failed));
        return;
      }
      onApplied({ code: q.coupon.code, discount: q.discount, totalAfterDiscount: q.totalAfterDiscount, gstPaise: q.gstPaise });
      setCode('');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  if (applied) {
    return (
      <p className="coupon-applied">
        <span>
          {M.couponForm} <strong>{applied.code}</strong> {M.couponApplied}
        </span>
        <button type="button" className="link-button" onClick={() => onApplied(null)}>
          {M.couponRemove}
        </button>
      </p>
    );
  }
  return (
    <form
      className="coupon-form"
      aria-label={M.couponForm}
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        void apply();
      }}
    >
      <label htmlFor="coupon-code" className="visually-hidden">
        {M.couponCode}
      </label>
      <input
        id="coupon-code"
        name="coupon"
        placeholder={M.couponCode}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={32}
        value={code}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'coupon-error' : undefined}
        onChange={(ev) => setCode(ev.target.value)}
      />
      <button type="submit" className="button secondary" disabled={loading}>
        {loading ? M.couponChecking : M.couponApply}
      </button>
      <p id="coupon-error" className="field-error" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </form>
  );
}
