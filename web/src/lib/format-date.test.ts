import { describe, expect, it } from 'vitest';
import { formatBlogDate, formatDay, ordinal } from './format-date';

describe('the blog date', () => {
  it('uses day ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });

  it('reads month name, day ordinal, year and 12-hour time, in the shop time zone (India by default)', () => {
    // 09:35 UTC is 3:05 pm in India (UTC+5:30), whatever zone this machine is in.
    expect(formatBlogDate('2026-11-21T09:35:00Z')).toBe('November 21st 2026, 3:05 pm');
    expect(formatBlogDate('2026-01-01T19:00:00Z')).toBe('January 2nd 2026, 12:30 am');
    expect(formatBlogDate('2026-03-13T06:30:00Z')).toBe('March 13th 2026, 12:00 pm');
  });

  it('writes the same words in any zone the shop is set to, across a day and a daylight-saving change', () => {
    expect(formatBlogDate('2026-11-21T09:35:00Z', 'UTC')).toBe('November 21st 2026, 9:35 am');
    expect(formatBlogDate('2026-11-21T09:35:00Z', 'Asia/Dubai')).toBe('November 21st 2026, 1:35 pm');
    expect(formatBlogDate('2026-07-01T03:00:00Z', 'America/New_York')).toBe('June 30th 2026, 11:00 pm');
    expect(formatBlogDate('2026-01-01T03:00:00Z', 'America/New_York')).toBe('December 31st 2025, 10:00 pm');
    expect(formatDay('2026-11-21T20:00:00Z')).toBe('22 November 2026');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatBlogDate('not a date')).toBe('');
  });
});
