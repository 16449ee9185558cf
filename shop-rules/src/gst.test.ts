import { describe, expect, it } from 'vitest';
import { shareDiscount } from './coupons.js';
import {
  documentNumber,
  financialYear,
  gstinCheckCharacter,
  gstinProblem,
  gstOf,
  gstRateProblem,
  gstState,
  hsnProblem,
  taxSale,
} from './gst.js';

describe('GST', () => {
  it('takes the GST out of a price that includes it, to the paisa, the two adding up to the price', () => {
    // ₹1,00,000 at 18 %: 1,00,000 × 18 / 118 = 15,254.237… → ₹15,254.24; taxable ₹84,745.76.
    expect(gstOf(10_000_000, 1800, false)).toEqual({
      value: 10_000_000,
      rateBp: 1800,
      taxable: 8_474_576,
      cgst: 0,
      sgst: 0,
      igst: 1_525_424,
    });
    // Inside the state the same GST, halved: CGST takes the odd paisa.
    expect(gstOf(10_000_000, 1800, true)).toMatchObject({ taxable: 8_474_576, cgst: 762_712, sgst: 762_712, igst: 0 });
    expect(gstOf(100, 1800, true)).toMatchObject({ taxable: 85, cgst: 8, sgst: 7 });
    // Half up: ₹1.18 at 18 % is ₹0.18 exactly; 59 paise at 18 % is 9.0 paise; 3 paise is 0.457… → 0.
    expect(gstOf(118, 1800, false).igst).toBe(18);
    expect(gstOf(59, 1800, false).igst).toBe(9);
    expect(gstOf(3, 1800, false).igst).toBe(0);
    // 0.25 % and nil.
    expect(gstOf(100_25, 25, false)).toMatchObject({ taxable: 100_00, igst: 25 });
    expect(gstOf(5000, 0, true)).toMatchObject({ taxable: 5000, cgst: 0, sgst: 0, igst: 0 });
    for (const value of [1, 99, 12_345, 4_999_900, 123_456_789]) {
      for (const rate of [0, 25, 300, 500, 1800, 4000]) {
        for (const intra of [true, false]) {
          const t = gstOf(value, rate, intra);
          expect(t.taxable + t.cgst + t.sgst + t.igst).toBe(value);
          expect(t.cgst - t.sgst === 0 || t.cgst - t.sgst === 1).toBe(true);
          // The GST is what the taxable value at the rate comes to, within the paisa the rounding takes.
          expect(Math.abs(t.taxable * rate - (t.cgst + t.sgst + t.igst) * 10_000)).toBeLessThanOrEqual(10_000 + rate);
        }
      }
    }
  });

  it('taxes a sale line by line, a coupon taken off each line before its tax, and shipping at the highest rate of its goods', () => {
    const lines = [
      { quantity: 2, price: 49_999, gstRate: 18 },
      { quantity: 1, price: 1_499, gstRate: 5 },
    ];
    const discounts = shareDiscount(lines, 1000_00);
    const sale = taxSale(lines, { discountPaises: discounts, shipping: 100, intraState: true });
    expect(sale.lines[0]?.value).toBe(2 * 49_999_00 - (discounts[0] ?? 0));
    expect(sale.lines[1]?.rateBp).toBe(500);
    expect(sale.shipping).toMatchObject({ value: 100_00, rateBp: 1800, taxable: 84_75, cgst: 7_63, sgst: 7_62 });
    // The whole is what the shopper pays: goods and shipping, less the coupon.
    expect(sale.total.value).toBe((2 * 49_999 + 1_499 + 100 - 1000) * 100);
    expect(sale.total.taxable + sale.total.cgst + sale.total.sgst).toBe(sale.total.value);
    expect(sale.total.igst).toBe(0);
    // To another state: the same GST, all of it IGST.
    const away = taxSale(lines, { discountPaises: discounts, shipping: 100, intraState: false });
    expect(away.total.igst).toBe(sale.total.cgst + sale.total.sgst);
    expect(away.total.taxable).toBe(sale.total.taxable);
  });

  it('knows the rates, HSN codes, states and GSTINs, and says what is wrong with others', () => {
    expect(gstRateProblem(18)).toBeNull();
    expect(gstRateProblem(12)).toBe('The GST rate is one of 0, 0.25, 3, 5, 18, 40 (percent)');
    expect(hsnProblem('8471')).toBeNull();
    expect(hsnProblem('85176290')).toBeNull();
    expect(hsnProblem('847')).toBe('The HSN code is 4, 6 or 8 digits');
    expect(hsnProblem('84713')).not.toBeNull();
    expect(gstState('gujarat')?.code).toBe('24');
    expect(gstState('27')?.name).toBe('Maharashtra');
    expect(gstState('Andaman & Nicobar Islands')?.ut).toBe(true);
    expect(gstState('Atlantis')).toBeUndefined();
    // A published example GSTIN, and its check character.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27aapfu0939f1zv')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('The GSTIN’s last character does not match: a character is mistyped');
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('A GSTIN does not start with 99: that is no state’s code');
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/^A GSTIN is 15 characters/);
  });
});

describe('tax documents', () => {
  it('belong to India’s financial year, which turns on 1 April in India', () => {
    expect(financialYear(new Date('2026-11-27T12:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('26-27');
    // 31 March 18:30 UTC is 1 April, midnight, in India.
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('27-28');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('99-00');
  });

  it('are numbered in at most 16 characters, letters, digits, / and -', () => {
    expect(documentNumber('INV', '26-27', 1)).toBe('INV/26-27/000001');
    expect(documentNumber('CN', '26-27', 42)).toBe('CN/26-27/000042');
    expect(documentNumber('INV', '26-27', 999_999)).toBe('INV/26-27/999999');
    expect(documentNumber('INV', '26-27', 1_000_000)).toBe('INV/2627/1000000');
    expect(() => documentNumber('INV', '26-27', 10_000_000)).toThrow('does not fit in 16 characters');
    for (const n of [1, 999_999, 1_000_000, 9_999_999]) expect(documentNumber('INV', '26-27', n)).toMatch(/^[A-Z0-9/-]{1,16}$/);
  });
});
