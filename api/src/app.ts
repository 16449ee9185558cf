import express from 'express';
import { requireAuth } from './auth/middleware.js';
import { blogsRoutes } from './blogs/routes.js';
import { cartRoutes } from './cart/routes.js';
import { enquiriesRoutes } from './enquiries/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { policiesRoutes } from './policies/routes.js';
import { healthRoutes } from './health/routes.js';
import { errorHandler, routeNotFound } from './http/errors.js';
import { announceChanges } from './catalogue/changes.js';
import { badRequest } from './domain/errors.js';
import { illFormedTextAt } from './http/validate.js';
import { imagesRoutes } from './images/routes.js';
import { photoRoutes } from './photos/routes.js';
import { taxRoutes } from './tax/routes.js';
import { ordersRoutes } from './orders/routes.js';
import { checkoutRoutes } from './checkout/routes.js';
import { webhookRoutes } from './payments/webhooks.js';
import { internalRoutes } from './internal/routes.js';
import { productsRoutes } from './products/routes.js';
import { searchRoutes } from './search/routes.js';
import { usersRoutes } from './customers/routes.js';
import { staffRoutes } from './admin-routes.js';
import { metricsEndpoint, requestId, requestLog } from '@digitic/server-kit';
import type { AppDeps } from './deps.js';
import { pino } from 'pino';
import type { Kysely } from 'kysely';
import type { ApiConfig } from './config/env.js';
import type { Database } from './db/schema.js';
import { createServices, type ServiceInputs, type Services } from './services.js';

/** What the HTTP app needs: the services (or what to build them from) and the process's own pieces. */
export type AppOptions = { db: Kysely<Database>; config: ApiConfig } & ServiceInputs &
  Pick<AppDeps, 'dbKind'> &
  Partial<Pick<AppDeps, 'logger' | 'draining' | 'backup'>> & {
    /** Built by the caller (server.ts shares them with its timers); built here from the rest when not given. */
    services?: Services;
  };

/** What machines ask every second or so (health, readiness, metrics, every gateway's catalogue poll): logged at debug when answered. */
const PROBES = new Set(['/api/health', '/api/ready', '/api/catalogue/changes', '/metrics']);

export function createApp(options: AppOptions) {
  const services = options.services ?? createServices(options.db, options.config, options);
  const { metrics, checkouts, config, db } = services;
  const logger = options.logger ?? pino({ level: 'silent' });
  const full: AppDeps = {
    ...services,
    dbKind: options.dbKind,
    logger,
    draining: options.draining ?? (() => false),
    pool: options.pool,
    backup: options.backup,
    auth: requireAuth(db, config.jwtSecret),
  };
  const app = express();
  app.disable('x-powered-by');
  // Which proxies may name the client in X-Forwarded-For (the gateways): loopback, or API_TRUST_PROXY.
  app.set('trust proxy', config.trustProxy);
  app.use(requestId);
  app.use(requestLog(full.logger, (r) => metrics.observeRequest(r), undefined, PROBES));
  app.get('/metrics', metricsEndpoint(metrics.registry, { token: config.metricsToken, production: config.nodeEnv === 'production' }));
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' });
    next();
  });
  // Routes that read their own body: the webhook verifies the raw bytes, internal commands take large imports.
  app.use(
    '/api',
    webhookRoutes({
      db,
      checkouts,
      orderRefunds: services.orderRefunds,
      onOrderRefund: () => services.notices.flush().catch((err: unknown) => logger.warn({ err }, 'order notices will be retried')),
      secret: config.razorpay.webhookSecret,
      previousSecret: config.razorpay.previousWebhookSecret,
      maxAgeSeconds: config.webhookMaxAgeSeconds,
      log: (line) => logger.info(line),
      count: (o) => metrics.webhook(o),
    }),
    internalRoutes(config.internalToken, options.backup ?? null, services),
  );
  app.use(express.json({ limit: '100kb' }));
  // PostgreSQL's text cannot hold a NUL, nor its JSON half a surrogate pair: every request's strings are refused up
  // front, naming the field, rather than failing in the database after some of the work (a provider's order) is done.
  app.use((req, _res, next) => {
    const found = illFormedTextAt(req.query) ?? illFormedTextAt(req.body);
    next(found ? badRequest(`${found.field} ${found.problem}`, found.field) : undefined);
  });

  // A change a request records is named on its answer (catalogue/changes.ts), after the body is read.
  app.use(announceChanges);

  const api = express.Router();
  for (const routes of [
    healthRoutes,
    imagesRoutes,
    photoRoutes,
    usersRoutes,
    searchRoutes,
    productsRoutes,
    cartRoutes,
    checkoutRoutes,
    ordersRoutes,
    taxRoutes,
    blogsRoutes,
    enquiriesRoutes,
    settingsRoutes,
    policiesRoutes,
  ]) {
    api.use(routes(full));
  }
  // The staff api: its own routes, each behind the one guard with its declared permission.
  api.use(staffRoutes(full).router);
  app.use('/api', api);
  app.use(routeNotFound);
  app.use(errorHandler(services.log));
  return app;
}
