import { describe, expect, it } from 'vitest';
import { formatBlogDate, ordinal } from './format-date';

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

  it('reads month name, day ordinal, year and 12-hour time', () => {
    expect(formatBlogDate(new Date(2026, 10, 21, 15, 5).toISOString())).toBe('November 21st 2026, 3:05 pm');
    expect(formatBlogDate(new Date(2026, 0, 2, 0, 30).toISOString())).toBe('January 2nd 2026, 12:30 am');
    expect(formatBlogDate(new Date(2026, 2, 13, 12, 0).toISOString())).toBe('March 13th 2026, 12:00 pm');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatBlogDate('not a date')).toBe('');
  });
});
