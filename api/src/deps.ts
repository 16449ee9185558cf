import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Services } from './services.js';

// What every route module is given. It lives apart from app.ts, which imports the routes, so the
// routes depend on this description and never on the app that mounts them.

export type { Log } from './services.js';

/** The services (services.ts) and what the HTTP app adds around them. */
export interface AppDeps extends Services {
  dbKind: 'pglite' | 'postgres';
  auth: RequestHandler;
  /** Request lines go here; silent when not given (tests). */
  logger: Logger;
  /** True once the process is shutting down: /api/ready answers 503 so a balancer sends no more. */
  draining: () => boolean;
  /** The PostgreSQL pool's connection counts, for the metrics (null on PGlite). */
  pool?: () => { total: number; idle: number; waiting: number } | null;
  /** The embedded database's files as a tar.gz, for npm run db:backup while the shop runs (PGlite only). */
  backup?: (() => Promise<Uint8Array>) | null;
}
