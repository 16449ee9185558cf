import { describe, expect, it } from 'vitest';
import { indianMobileProblem, phoneDigits } from './phone.js';

describe('a phone number as people write it', () => {
  it('keeps the ten digits of an Indian mobile number however it is spaced, dashed or prefixed', () => {
    for (const typed of [
      '9825012345',
      '+91 98250 12345',
      '+91-98250-12345',
      '0091 98250 12345',
      '919825012345',
      '098250 12345',
      ' 98250 - 12345 ',
    ]) {
      expect(phoneDigits(typed), typed).toBe('9825012345');
    }
  });

  it('leaves anything else to the form’s own rule, without its separators', () => {
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('abc')).toBe('abc');
    expect(phoneDigits('+971 4 123 4567')).toBe('+97141234567');
    expect(phoneDigits('12345')).toBe('12345');
    // What the spec's rule refuses stays refusable.
    expect(phoneDigits('-98')).toBe('-98');
    expect(phoneDigits('98.5')).toBe('98.5');
  });
});

describe('an Indian mobile number', () => {
  it('is ten digits from the mobile series', () => {
    expect(indianMobileProblem('9825012345')).toBeNull();
    expect(indianMobileProblem('6000000000')).toBeNull();
  });

  it('names what is wrong with anything else', () => {
    for (const digits of ['5825012345', '982501234', '98250123456', '+97141234567', 'abc', '']) {
      expect(indianMobileProblem(digits), digits).toBe('Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9');
    }
  });
});
