import { describe, expect, it } from 'vitest';
import { countryProblem, orderTotal, QUANTITY_RULE, quantityProblem, stateProblem, subtotal, toPaise } from './index.js';

describe('shop rules', () => {
  it('allows 1 to 10 whole units, nothing else', () => {
    for (const ok of [1, 5, 10]) expect(quantityProblem(ok)).toBeNull();
    for (const bad of [0, 11, -1, 1.5, '1', null, Number.NaN]) expect(quantityProblem(bad)).toBe(QUANTITY_RULE);
    expect(QUANTITY_RULE).toBe('Quantity must be a whole number from 1 to 10');
  });

  it('ships to Gujarat, India only', () => {
    expect(countryProblem('India')).toBeNull();
    expect(countryProblem(' India ')).toBeNull();
    expect(countryProblem('France')).toBe('We ship to India only');
    expect(stateProblem('Gujarat')).toBeNull();
    expect(stateProblem('Maharashtra')).toBe('We ship to Gujarat only');
  });

  it('adds lines and Rs. 100 shipping, and counts paise at the provider', () => {
    const lines = [
      { quantity: 2, price: 1999 },
      { quantity: 1, price: 500 },
    ];
    expect(subtotal(lines)).toBe(4498);
    expect(orderTotal(lines)).toBe(4598);
    expect(toPaise(4598)).toBe(459_800);
  });
});
