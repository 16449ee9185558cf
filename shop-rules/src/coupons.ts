/**
 * Coupons: what a code looks like, what it takes off an order, and how that discount is shared among
 * the order's lines (so a refund of some lines gives back what was paid for them, not their list price).
 * The api prices every coupon; the back office and the storefront only check a code's shape early.
 */

/** A code as the shop keeps it: 3 to 32 letters, digits, `-` or `_`, upper case (a shopper may type it in any case). */
export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const COUPON_CODE_RULE = 'A coupon code is 3 to 32 letters, digits, - or _';

/** The code as the shop compares it: trimmed, upper case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

export type CouponKind = 'percent' | 'fixed';

/** What the coupon takes off a subtotal (rupees, whole): a percentage rounded down, or a fixed amount, never more than the subtotal. */
export function couponDiscount(coupon: { kind: CouponKind; value: number }, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const off = coupon.kind === 'percent' ? Math.floor((subtotal * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(off, subtotal));
}

/**
 * Shares a discount (paise) among lines in proportion to what each line costs, each share a whole
 * number of paise and the shares adding up to the discount exactly (largest remainder first).
 */
export function shareDiscount(lines: readonly { quantity: number; price: number }[], discountPaise: number): number[] {
  const costs = lines.map((l) => l.quantity * l.price);
  const whole = costs.reduce((s, c) => s + c, 0);
  if (discountPaise <= 0 || whole <= 0) return lines.map(() => 0);
  const exact = costs.map((c) => (discountPaise * c) / whole);
  const shares = exact.map(Math.floor);
  let left = discountPaise - shares.reduce((s, x) => s + x, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * The part of a line's discount (paise) that goes with `units` more of its units, when `before` of them
 * were refunded already: however the line is refunded, bit by bit or at once, its parts add up to its discount.
 */
export const discountOfUnits = (lineDiscountPaise: number, lineQuantity: number, before: number, units: number): number =>
  lineQuantity <= 0
    ? 0
    : Math.floor((lineDiscountPaise * Math.min(lineQuantity, before + units)) / lineQuantity) -
      Math.floor((lineDiscountPaise * Math.min(lineQuantity, before)) / lineQuantity);
