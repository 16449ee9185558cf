import { describe, expect, it } from 'vitest';
import { FIXED_OFFSET_ZONES, isTimeZone, wallClock } from './time-zone.js';

describe('the shop time zone', () => {
  it('tells the fixed-offset zones by arithmetic exactly as Intl does, across years and around midnight', () => {
    const instants = [
      '2026-01-01T00:00:00Z',
      '2026-03-29T01:30:00Z',
      '2026-07-01T18:45:00Z',
      '2026-10-25T23:59:00Z',
      '2031-12-31T20:15:00Z',
    ];
    for (const zone of Object.keys(FIXED_OFFSET_ZONES)) {
      const f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
      for (const iso of instants) {
        const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, Number(x.value)]));
        expect(wallClock(new Date(iso), zone), `${zone} ${iso}`).toEqual({
          year: p.year,
          month: p.month! - 1,
          day: p.day,
          hour: p.hour! % 24,
          minute: p.minute,
        });
      }
    }
  });

  it('tells a zone with daylight saving through Intl', () => {
    expect(wallClock(new Date('2026-07-01T03:00:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 5, day: 30, hour: 23, minute: 0 });
    expect(wallClock(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toEqual({
      year: 2025,
      month: 11,
      day: 31,
      hour: 22,
      minute: 0,
    });
  });

  it('knows a zone from a name that is none', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Asia/Kolkat')).toBe(false);
  });
});
