// The shop's time zone: every date the storefront writes is told in it (the gateway's SHOP_TIME_ZONE).

/** India's: the default. */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Kolkata';

/**
 * Zones that keep one offset all year (no daylight saving), in minutes east of UTC: their dates are told by
 * arithmetic. Building any `Intl.DateTimeFormat` with a time zone pages in ICU's data, about 8 MiB of
 * resident memory in each process that does it (the server renderer is one), so the common zones never do.
 * Any other IANA zone works through `Intl`.
 */
export const FIXED_OFFSET_ZONES: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  'Asia/Colombo': 330,
  'Asia/Kathmandu': 345,
  'Asia/Dhaka': 360,
  'Asia/Karachi': 300,
  'Asia/Dubai': 240,
  'Asia/Muscat': 240,
  'Asia/Riyadh': 180,
  'Asia/Qatar': 180,
  'Asia/Singapore': 480,
  'Asia/Kuala_Lumpur': 480,
  'Asia/Shanghai': 480,
  'Asia/Hong_Kong': 480,
  'Asia/Tokyo': 540,
  UTC: 0,
  'Etc/UTC': 0,
};

export interface WallClock {
  year: number;
  /** 0–11, as Date counts them. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A moment's calendar date and wall-clock time in a time zone: the same on the server and in any browser. */
export function wallClock(d: Date, timeZone: string): WallClock {
  const fixed = FIXED_OFFSET_ZONES[timeZone];
  if (fixed !== undefined) {
    const t = new Date(d.getTime() + fixed * 60_000);
    return { year: t.getUTCFullYear(), month: t.getUTCMonth(), day: t.getUTCDate(), hour: t.getUTCHours(), minute: t.getUTCMinutes() };
  }
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month) - 1,
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** True for a zone the shop can tell dates in: one of the fixed ones, or any IANA name `Intl` knows. */
export function isTimeZone(zone: string): boolean {
  if (Object.hasOwn(FIXED_OFFSET_ZONES, zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
