import { z } from 'zod';

/**
 * Money, one way everywhere in the back office: "Rs." and the amount in Indian digit grouping (Rs. 1,04,499),
 * paise only when there are some, and a no-break space between them, so a line never ends with "Rs." and
 * starts the next with the number. Rupees in, or paise (`paise`).
 */
export const rupees = (n: number) =>
  `Rs.\u00a0${n.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Paise as rupees, with paise only when there are some. */
export const paise = (n: number) => rupees(n / 100);

/**
 * An amount as people type it: "₹33,199", "Rs. 33,199", "INR 33199", "33,199", "33199.00" (commas anywhere, as
 * Indian and Western grouping put them; at most two decimals). Null when it is not an amount.
 */
export function parseRupees(text: string): number | null {
  const bare = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/[\s,]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(bare) ? Number(bare) : null;
}

/**
 * A form field of whole rupees, typed as people type them; the message names the field and shows the way.
 * `optional`: empty passes (the caller reads it as none).
 */
export function wholeRupees(what: string, { optional = false, max = 100_000_000 } = {}) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (!v && optional) return;
      const n = parseRupees(v);
      if (!v) ctx.addIssue({ code: 'custom', message: `Give ${what}` });
      else if (n === null) ctx.addIssue({ code: 'custom', message: `Write ${what} in rupees, like 33,199` });
      else if (!Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: `${capital(what)} is in whole rupees, without paise` });
      else if (n > max) ctx.addIssue({ code: 'custom', message: `${capital(what)} is at most ${rupees(max)}` });
    });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
