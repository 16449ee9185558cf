import type { GatewayConfig } from '../config/env.js';
import { EARLY_TAPS_CSP_SOURCE } from './early-taps.js';

// Razorpay's widget: its script, and the frames and calls it makes from the shop's page.
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/**
 * Headers of every storefront page. Scripts only from the shop (and Razorpay's widget when real keys are
 * set; the simulator's widget is served by the shop itself); no plugins, no framing, no foreign forms.
 * Inline styles stay allowed: React style attributes and the stylesheet inlined into server-rendered pages.
 */
export function pageSecurityHeaders(config: GatewayConfig): Record<string, string> {
  const real = !config.razorpay.simulated;
  const sources = (own: string[], extra: string[]) => [...own, ...(real ? extra : [])].join(' ');
  const policy = [
    "default-src 'self'",
    // The shop's own files, and the one inline script every page carries, by its hash (web/early-taps.ts).
    `script-src ${sources(["'self'", EARLY_TAPS_CSP_SOURCE], RAZORPAY.script)}`,
    "style-src 'self' 'unsafe-inline'",
    // Catalogue pictures may live on a CDN (the catalogue import takes picture URLs); pictures run no code.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${sources(["'self'"], RAZORPAY.connect)}`,
    `frame-src ${sources(["'self'"], RAZORPAY.frame)}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Frame-Options': 'DENY',
    ...(config.production ? { 'Strict-Transport-Security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}
