import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { createHash } from 'node:crypto';
import { EARLY_TAPS_SCRIPT, EARLY_TAPS_TAG } from './early-taps.js';
import { pageSecurityHeaders } from './security-headers.js';

// The one inline script the pages carry (web/early-taps.ts), allowed by its hash and by nothing wider.
const earlyTaps = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

describe('the storefront pages’ security headers', () => {
  it('allow scripts, frames and calls only from the shop when the simulator stands in for Razorpay', () => {
    const headers = pageSecurityHeaders(loadConfig({}));
    const csp = directives(headers['Content-Security-Policy'] ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", earlyTaps]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(EARLY_TAPS_TAG).toBe(`<script>${EARLY_TAPS_SCRIPT}</script>`);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it("add Razorpay's widget with real keys, and HSTS in production", () => {
    const headers = pageSecurityHeaders(
      loadConfig({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' }),
    );
    const csp = directives(headers['Content-Security-Policy'] ?? '');
    expect(csp.get('script-src')).toEqual(["'self'", earlyTaps, 'https://checkout.razorpay.com']);
    expect(csp.get('frame-src')).toContain('https://api.razorpay.com');
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  });
});
