import type { RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ApiConfig } from './config/env.js';
import type { Database } from './db/schema.js';
import type { Mailer } from './mail/mailer.js';
import type { ApiMetrics } from './observability/metrics.js';
import type { CheckoutsService } from './payments/checkouts.js';
import type { PaymentProvider } from './payments/provider.js';

// What every route module is given. It lives apart from app.ts, which imports the routes, so the
// routes depend on this description and never on the app that mounts them.

export type Log = (line: string, detail?: unknown) => void;

export interface AppDeps {
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  config: ApiConfig;
  mailer: Mailer;
  payments: PaymentProvider;
  log: Log;
  auth: RequestHandler;
  /** Request lines go here; silent when not given (tests). */
  logger: Logger;
  metrics: ApiMetrics;
  /** True once the process is shutting down: /api/ready answers 503 so a balancer sends no more. */
  draining: () => boolean;
  /** The PostgreSQL pool's connection counts, for the metrics (null on PGlite). */
  pool?: () => { total: number; idle: number; waiting: number } | null;
  /** Checkout records: started here, completed by placeOrder, webhooks and reconciliation alike. */
  checkouts: CheckoutsService;
  /** The embedded database's files as a tar.gz, for npm run db:backup while the shop runs (PGlite only). */
  backup?: (() => Promise<Uint8Array>) | null;
}
