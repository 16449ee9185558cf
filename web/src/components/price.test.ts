import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, groupIndian } from './price';

describe('rupees', () => {
  it('group whole rupees exactly as Intl does for en-IN', () => {
    const intl = new Intl.NumberFormat('en-IN');
    const samples = [
      0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 129999, 999999, 1000000, 12345678, 123456789, 9007199254740991,
    ];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const n of [...samples, ...samples.map((s) => -s)]) expect(groupIndian(n), String(n)).toBe(intl.format(n));
  });

  it('leave fractions and unsafe numbers to Intl', () => {
    const intl = new Intl.NumberFormat('en-IN');
    for (const n of [1999.5, 0.125, 1234567.891, -12.3456, 2 ** 60, Number.NaN, Infinity]) expect(groupIndian(n)).toBe(intl.format(n));
  });

  it('say Rs. first', () => {
    expect(formatRupees(129999)).toBe('Rs. 1,29,999');
  });

  it('say paise as rupees to two places, the rupees grouped as India writes them', () => {
    expect(formatPaise(152_542_37)).toBe('Rs. 1,52,542.37');
    expect(formatPaise(1_525_424)).toBe('Rs. 15,254.24');
    expect(formatPaise(5)).toBe('Rs. 0.05');
    expect(formatPaise(100)).toBe('Rs. 1.00');
    expect(formatPaise(0)).toBe('Rs. 0.00');
    expect(formatPaise(-1234)).toBe('-Rs. 12.34');
  });
});
