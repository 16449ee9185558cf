import { COUPON_CODE, COUPON_CODE_RULE, normalizeCouponCode } from '@digitic/shop-rules';
import { badInput } from '../../errors.js';

/** A coupon code as given (any case, spaces around it), checked for its shape early; the api checks it again and prices it. */
export function couponArg(given: string | null | undefined): string | null {
  if (given == null || given.trim() === '') return null;
  const code = normalizeCouponCode(given);
  if (!COUPON_CODE.test(code)) throw badInput(COUPON_CODE_RULE, 'couponCode');
  return code;
}
