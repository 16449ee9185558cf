import { useApolloClient } from '@apollo/client/react';
import { DEFAULT_SHOP_TIME_ZONE, wallClock } from '@digitic/shop-rules/time-zone';
import { ShopInfoDocument, type ShopInfoQuery } from './__generated__/shop-info';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The shop's time zone when the gateway has not said (its SHOP_TIME_ZONE setting's default). */
export { DEFAULT_SHOP_TIME_ZONE, wallClock };

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/**
 * 'November 21st 2026, 3:05 pm': month name, day ordinal, year, 12-hour time (spec §9), told in the shop's
 * time zone: the server and every browser write the same words, whatever zone the reader's device is in.
 */
export function formatBlogDate(iso: string, timeZone = DEFAULT_SHOP_TIME_ZONE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const t = wallClock(d, timeZone);
  const hours = t.hour % 12 || 12;
  return `${MONTHS[t.month]} ${ordinal(t.day)} ${t.year}, ${hours}:${String(t.minute).padStart(2, '0')} ${t.hour < 12 ? 'am' : 'pm'}`;
}

/** '21 November 2026': a day, in the shop's time zone. */
export function formatDay(iso: string, timeZone = DEFAULT_SHOP_TIME_ZONE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const t = wallClock(d, timeZone);
  return `${t.day} ${MONTHS[t.month]} ${t.year}`;
}

/**
 * The shop's time zone, as the gateway's shop settings say (the header asks for them on every page, so
 * they are in the cache, on the server as in the browser); read from the cache only, never asked for.
 */
export function useShopTimeZone(): string {
  const client = useApolloClient();
  return client.readQuery<ShopInfoQuery>({ query: ShopInfoDocument })?.shopInfo.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
}
