import express from 'express';
import type { GatewayConfig } from './config/env.js';
import { forwardTo, imagePath, photoPath, simulatorPath, taxDocumentPath } from './proxy.js';

/**
 * What the shop's origin passes to the services behind it, to the api whose turn it is (`apiOrigin`):
 * Razorpay's webhooks, the pictures, and the payment simulator when it stands in for Razorpay.
 */
export function mountProxyRoutes(app: express.Express, deps: { config: GatewayConfig; apiOrigin: () => string }) {
  const { config, apiOrigin } = deps;
  // Razorpay's webhooks may be pointed at the shop's public address: the raw body and the signature go to the api untouched.
  app.post(
    '/api/payments/razorpay/webhook',
    express.raw({ type: () => true, limit: '256kb' }),
    forwardTo(apiOrigin, config.upstreamTimeoutMs, () => '/api/payments/razorpay/webhook', {
      raw: true,
      headers: ['x-razorpay-signature', 'x-razorpay-event-id', 'user-agent'],
    }),
  );
  // Product and blog pictures live in the api; the shop serves them from its own origin.
  app.get('/api/images/{*path}', forwardTo(apiOrigin, config.upstreamTimeoutMs, imagePath));
  app.get('/api/photos/{*path}', forwardTo(apiOrigin, config.upstreamTimeoutMs, photoPath));
  // A shopper's tax invoices and credit notes (PDFs): the api checks the bearer token and that the order is theirs.
  app.get(
    '/api/user/tax-documents/:id/pdf',
    forwardTo(apiOrigin, config.upstreamTimeoutMs, taxDocumentPath, { headers: ['authorization'] }),
  );
  // Everything the shop holds about the signed-in shopper (a JSON file): the api checks the bearer token.
  app.get(
    '/api/user/data-export',
    forwardTo(apiOrigin, config.upstreamTimeoutMs, () => '/api/user/data-export', { headers: ['authorization'] }),
  );
  if (config.razorpay.simulated) {
    // The simulator's widget and its pay/decline calls, from the shop's own origin (never in production).
    const sim = forwardTo(config.razorpay.simulatorUrl, config.upstreamTimeoutMs, simulatorPath);
    app.use('/payment-simulator', express.json({ limit: '16kb' }), (req, res) => sim(req, res));
  }
}
