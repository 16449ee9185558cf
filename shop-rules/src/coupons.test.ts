import { describe, expect, it } from 'vitest';
import { COUPON_CODE, couponDiscount, discountOfUnits, normalizeCouponCode, shareDiscount } from './coupons.js';

describe('coupons', () => {
  it('keeps codes in one spelling and one shape', () => {
    expect(normalizeCouponCode('  diwali-10 ')).toBe('DIWALI-10');
    expect(COUPON_CODE.test('DIWALI-10')).toBe(true);
    expect(COUPON_CODE.test('AB')).toBe(false);
    expect(COUPON_CODE.test('-ABC')).toBe(false);
    expect(COUPON_CODE.test('A B C')).toBe(false);
    expect(COUPON_CODE.test('X'.repeat(33))).toBe(false);
  });

  it('takes a percentage rounded down, or a fixed amount, never more than the subtotal', () => {
    expect(couponDiscount({ kind: 'percent', value: 10 }, 4499)).toBe(449);
    expect(couponDiscount({ kind: 'percent', value: 100 }, 4499)).toBe(4499);
    expect(couponDiscount({ kind: 'fixed', value: 500 }, 4499)).toBe(500);
    expect(couponDiscount({ kind: 'fixed', value: 5000 }, 4499)).toBe(4499);
    expect(couponDiscount({ kind: 'fixed', value: 500 }, 0)).toBe(0);
  });

  it('shares a discount among lines by their cost, to the paisa', () => {
    const lines = [
      { quantity: 2, price: 1000 },
      { quantity: 1, price: 1000 },
      { quantity: 1, price: 333 },
    ];
    const shares = shareDiscount(lines, 100_001);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(100_001);
    expect(shares[0]).toBeGreaterThan(shares[1] ?? 0);
    expect(Math.abs((shares[0] ?? 0) - 2 * (shares[1] ?? 0))).toBeLessThanOrEqual(2);
    expect(shareDiscount(lines, 0)).toEqual([0, 0, 0]);
  });

  it("gives back a line's discount in parts that add up to it, however the units are refunded", () => {
    const d = 1001;
    const oneByOne = [0, 1, 2].map((before) => discountOfUnits(d, 3, before, 1));
    expect(oneByOne.reduce((s, x) => s + x, 0)).toBe(d);
    expect(discountOfUnits(d, 3, 0, 2) + discountOfUnits(d, 3, 2, 1)).toBe(d);
    expect(discountOfUnits(d, 3, 0, 3)).toBe(d);
    expect(discountOfUnits(d, 3, 3, 1)).toBe(0);
  });
});
