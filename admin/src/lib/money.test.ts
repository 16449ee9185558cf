import { describe, expect, it } from 'vitest';
import { paise, parseRupees, rupees, wholeRupees } from './money';

describe('money', () => {
  it('is told one way: Rs., Indian grouping, paise only when there are some, never split from its number', () => {
    expect(rupees(104499)).toBe('Rs.\u00a01,04,499');
    expect(paise(1379900)).toBe('Rs.\u00a013,799');
    expect(paise(1379950)).toBe('Rs.\u00a013,799.50');
    expect(rupees(0)).toBe('Rs.\u00a00');
  });

  it('reads an amount as people type it, and nothing else', () => {
    for (const typed of ['₹33,199', '₹ 33,199', 'Rs. 33,199', 'rs 33199', 'INR 33,199', '33,199', '33199', ' 33199.00 ', '3,31,99'])
      expect(parseRupees(typed), typed).toBe(33199);
    expect(parseRupees('1,000')).toBe(1000);
    expect(parseRupees('33199.5')).toBe(33199.5);
    for (const typed of ['', 'abc', '33.199.00', '-5', '33199.123', '$33199', '1e5']) expect(parseRupees(typed), typed).toBeNull();
  });

  it('refuses what is not whole rupees with a sentence naming the field', () => {
    const price = wholeRupees('the price');
    expect(price.safeParse('₹33,199').success).toBe(true);
    expect(price.safeParse('33199.50').error?.issues[0]?.message).toBe('The price is in whole rupees, without paise');
    expect(price.safeParse('thirty').error?.issues[0]?.message).toBe('Write the price in rupees, like 33,199');
    expect(price.safeParse('').error?.issues[0]?.message).toBe('Give the price');
    expect(wholeRupees('the minimum order', { optional: true }).safeParse('').success).toBe(true);
  });
});
