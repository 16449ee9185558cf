import { afterEach, describe, expect, it } from 'vitest';
import { shopTimeZone, when } from './format';

afterEach(() => document.head.querySelector('meta[name="digitic-time-zone"]')?.remove());

const named = (zone: string) => {
  const meta = document.createElement('meta');
  meta.name = 'digitic-time-zone';
  meta.content = zone;
  document.head.append(meta);
};

describe('a moment in the back office', () => {
  it('is told in the shop’s time zone the page names, in one style, wherever the reader is', () => {
    named('Asia/Kolkata');
    expect(when('2026-11-26T12:20:00Z')).toBe('26 Nov 2026, 5:50 pm');
    document.head.querySelector('meta[name="digitic-time-zone"]')?.remove();
    named('Asia/Dubai');
    expect(shopTimeZone()).toBe('Asia/Dubai');
    expect(when('2026-11-26T12:20:00Z')).toBe('26 Nov 2026, 4:20 pm');
  });

  it('is India’s time when the page names no zone', () => {
    expect(shopTimeZone()).toBe('Asia/Kolkata');
    expect(when('2026-11-26T20:00:00Z')).toBe('27 Nov 2026, 1:30 am');
  });
});
