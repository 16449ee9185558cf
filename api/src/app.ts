import express from 'express';
import { requireAuth } from './auth/middleware.js';
import { blogsRoutes } from './blogs/routes.js';
import { cartRoutes } from './cart/routes.js';
import { enquiriesRoutes } from './enquiries/routes.js';
import { healthRoutes } from './health/routes.js';
import { badRequest, errorHandler, routeNotFound } from './http/errors.js';
import { nulCharacterAt } from './http/validate.js';
import { imagesRoutes } from './images/routes.js';
import { ordersRoutes } from './orders/routes.js';
import { checkoutsService } from './payments/checkouts.js';
import { checkoutRoutes } from './payments/routes.js';
import { webhookRoutes } from './payments/webhooks.js';
import { internalRoutes } from './internal/routes.js';
import { productsRoutes } from './products/routes.js';
import { usersRoutes } from './users/routes.js';
import { metricsEndpoint, requestId, requestLog } from '@digitic/server-kit';
import type { AppDeps } from './deps.js';
import { createApiMetrics } from './observability/metrics.js';
import { pino } from 'pino';
import { sql } from 'kysely';

type AppOptions = Omit<AppDeps, 'auth' | 'logger' | 'metrics' | 'draining' | 'checkouts'> &
  Partial<Pick<AppDeps, 'logger' | 'metrics' | 'draining' | 'checkouts'>>;

export function createApp(deps: AppOptions) {
  const metrics =
    deps.metrics ??
    createApiMetrics({
      unsettledPayments: async () =>
        Number(
          (await sql<{ n: number }>`select count(*)::int as n from unsettled_payments where refunded_at is null`.execute(deps.db)).rows[0]
            ?.n ?? 0,
        ),
      pool: deps.pool,
    });
  const logger = deps.logger ?? pino({ level: 'silent' });
  const checkouts =
    deps.checkouts ??
    checkoutsService({
      db: deps.db,
      payments: deps.payments,
      mailer: deps.mailer,
      log: deps.log,
      keyId: deps.config.razorpay.keyId,
      webUrl: deps.config.webUrl,
      shopName: deps.config.shopName,
      outcome: (o, source) => metrics.checkout(o, source),
    });
  const full: AppDeps = {
    ...deps,
    logger,
    metrics,
    checkouts,
    draining: deps.draining ?? (() => false),
    auth: requireAuth(deps.db, deps.config.jwtSecret),
  };
  const app = express();
  // For the process around the app (the reconciliation timer): the same checkouts and metrics.
  app.locals.checkouts = checkouts;
  app.locals.metrics = metrics;
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestId);
  app.use(requestLog(full.logger, (r) => metrics.observeRequest(r)));
  app.get(
    '/metrics',
    metricsEndpoint(metrics.registry, { token: deps.config.metricsToken, production: deps.config.nodeEnv === 'production' }),
  );
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' });
    next();
  });
  // Routes that read their own body: the webhook verifies the raw bytes, internal commands take large imports.
  app.use(
    '/api',
    webhookRoutes({
      db: deps.db,
      checkouts,
      secret: deps.config.razorpay.webhookSecret,
      previousSecret: deps.config.razorpay.previousWebhookSecret,
      maxAgeSeconds: deps.config.webhookMaxAgeSeconds,
      log: (line) => logger.info(line),
      count: (o) => metrics.webhook(o),
    }),
    internalRoutes(deps.config.internalToken, deps.backup ?? null, () => ({
      db: deps.db,
      payments: deps.payments,
      checkouts,
      reconcile: deps.config.reconcile,
    })),
  );
  app.use(express.json({ limit: '100kb' }));
  // PostgreSQL text cannot hold NUL: refuse it up front, naming the field, rather than fail in the database.
  app.use((req, _res, next) => {
    const field = nulCharacterAt(req.query) ?? nulCharacterAt(req.body);
    next(field ? badRequest(`${field} must not contain a NUL character`, field) : undefined);
  });

  const api = express.Router();
  for (const routes of [
    healthRoutes,
    imagesRoutes,
    usersRoutes,
    productsRoutes,
    cartRoutes,
    checkoutRoutes,
    ordersRoutes,
    blogsRoutes,
    enquiriesRoutes,
  ]) {
    api.use(routes(full));
  }
  app.use('/api', api);
  app.use(routeNotFound);
  app.use(errorHandler(deps.log));
  return app;
}
