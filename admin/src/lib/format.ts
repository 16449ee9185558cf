import { ORDER_STATUSES } from '@digitic/shop-rules/order-lifecycle';
import { RETURN_STATUSES } from '@digitic/shop-rules/return-lifecycle';

// Money is told one way, by lib/money.ts.
export { paise, rupees } from './money';

/**
 * The shop's time zone (SHOP_TIME_ZONE), which the gateway names in the back office's page: every date here is
 * the shop's time, whatever the zone of the computer reading it (India's when the page names none, as in tests).
 */
export function shopTimeZone(): string {
  const named = typeof document === 'undefined' ? null : document.querySelector('meta[name="digitic-time-zone"]')?.getAttribute('content');
  return named || 'Asia/Kolkata';
}

/** A moment in one style everywhere: "26 Nov 2026, 5:50 pm", in the shop's time. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: shopTimeZone() });

/** A phone as the shop keeps it (an Indian mobile's ten digits) as people read it: "+91 98250 12345"; anything else as kept. */
export function phone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}

/** A phone's address to call it from a phone ("tel:+919825012345"). */
export const telHref = (digits: string) => `tel:${/^\d{10}$/.test(digits) ? `+91${digits}` : digits.replace(/[^\d+]/g, '')}`;

/** A GraphQL error's words, for the person who acted. */
export function problem(err: unknown): string | null {
  if (!err) return null;
  const e = err as {
    graphQLErrors?: { message: string }[];
    // A refusal the gateway answers with its HTTP status (401, 429) arrives as a network error carrying the body.
    networkError?: { result?: { errors?: { message: string }[] } } | null;
    message?: string;
  };
  return e.graphQLErrors?.[0]?.message ?? e.networkError?.result?.errors?.[0]?.message ?? e.message ?? 'Something went wrong';
}

/** The schema's statuses in the shop's words (shop-rules' lifecycle: 'Out For Delivery' is OUT_FOR_DELIVERY). */
export const STATUS_LABEL: Record<string, string> = Object.fromEntries(ORDER_STATUSES.map((s) => [s.toUpperCase().replace(/ /g, '_'), s]));

/** A return's statuses in the shop's words. */
export const RETURN_LABEL: Record<string, string> = Object.fromEntries(RETURN_STATUSES.map((s) => [s.toUpperCase(), s]));
