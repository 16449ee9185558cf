import express, { type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { requireAuth } from './auth/middleware.js';
import { blogsRoutes } from './blogs/routes.js';
import { cartRoutes } from './cart/routes.js';
import type { ApiConfig } from './config/env.js';
import type { Database } from './db/schema.js';
import { enquiriesRoutes } from './enquiries/routes.js';
import { healthRoutes } from './health/routes.js';
import { badRequest, errorHandler, requestId, routeNotFound } from './http/errors.js';
import { nulCharacterAt } from './http/validate.js';
import { imagesRoutes } from './images/routes.js';
import type { Mailer } from './mail/mailer.js';
import { ordersRoutes } from './orders/routes.js';
import type { PaymentProvider } from './payments/provider.js';
import { productsRoutes } from './products/routes.js';
import { usersRoutes } from './users/routes.js';

export type Log = (line: string, detail?: unknown) => void;

export interface AppDeps {
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  config: ApiConfig;
  mailer: Mailer;
  payments: PaymentProvider;
  log: Log;
  auth: RequestHandler;
}

export function createApp(deps: Omit<AppDeps, 'auth'>) {
  const full: AppDeps = { ...deps, auth: requireAuth(deps.db, deps.config.jwtSecret) };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestId);
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' });
    next();
  });
  app.use(express.json({ limit: '100kb' }));
  // PostgreSQL text cannot hold NUL: refuse it up front, naming the field, rather than fail in the database.
  app.use((req, _res, next) => {
    const field = nulCharacterAt(req.query) ?? nulCharacterAt(req.body);
    next(field ? badRequest(`${field} must not contain a NUL character`, field) : undefined);
  });

  const api = express.Router();
  for (const routes of [healthRoutes, imagesRoutes, usersRoutes, productsRoutes, cartRoutes, ordersRoutes, blogsRoutes, enquiriesRoutes]) {
    api.use(routes(full));
  }
  app.use('/api', api);
  app.use(routeNotFound);
  app.use(errorHandler(deps.log));
  return app;
}
