import { rupees } from '../../lib/format';

// The shop keeps India's time: the desk reads and writes a coupon's dates in it (IST, +05:30 all year).
const IST_MS = 330 * 60 * 1000;
const day = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** What a coupon takes off, in words. */
export const couponOff = (c: { kind: string; value: number }) => (c.kind === 'PERCENT' ? `${c.value}%` : rupees(c.value));

/** When a coupon may be used, in words. */
export function couponWindow(c: { startsAt?: string | null; expiresAt?: string | null }) {
  if (c.startsAt && c.expiresAt) return `${day(c.startsAt)} to ${day(c.expiresAt)}`;
  if (c.startsAt) return `From ${day(c.startsAt)}`;
  if (c.expiresAt) return `Until ${day(c.expiresAt)}`;
  return 'Always';
}

/** An ISO time as a datetime-local field's value in India's time ('' for none). */
export const toIndiaLocal = (iso?: string | null) => (iso ? new Date(new Date(iso).getTime() + IST_MS).toISOString().slice(0, 16) : '');

/** A datetime-local field's value, read as India's time, as ISO 8601 with its offset (null for empty). */
export const fromIndiaLocal = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+05:30` : null);
