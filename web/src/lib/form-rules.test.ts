import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MESSAGES } from '../config/messages';
import { mobileNumber } from './form-rules';

// #38: "98250 12345" and "+91 98250 12345" answered "Mobile No is Required" on the profile and the contact form.
describe('a mobile number field', () => {
  const field = z.object({ mobile: mobileNumber(MESSAGES.mobileRequired) });

  it('takes the number as people write it and sends its ten digits', () => {
    for (const typed of ['98250 12345', '+91 98250 12345', '+91-98250-12345', '098250 12345', '9825012345']) {
      expect(field.parse({ mobile: typed }), typed).toEqual({ mobile: '9825012345' });
    }
  });

  it("keeps the spec's message for what is really wrong", () => {
    for (const typed of ['', '   ', '98.5', '-98', 'ninety', '0']) {
      const result = field.safeParse({ mobile: typed });
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message, typed).toBe('Mobile No is Required');
    }
  });
});
