import { Router } from 'express';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.js';

export function healthRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const started = Date.now();
    try {
      await sql`select 1`.execute(deps.db);
      res.json({ status: 'ok', database: { status: 'up', kind: deps.dbKind, latencyMs: Date.now() - started } });
    } catch {
      res.status(503).json({
        status: 'degraded',
        database: { status: 'down', kind: deps.dbKind },
        message: 'The shop database is unreachable',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });
  // Readiness: 503 while shutting down or without a database, so a balancer sends requests elsewhere.
  router.get('/ready', async (_req, res) => {
    if (deps.draining()) {
      res.status(503).json({ status: 'draining', message: 'The api is shutting down', code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    try {
      await sql`select 1`.execute(deps.db);
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'not ready', message: 'The shop database is unreachable', code: 'SERVICE_UNAVAILABLE' });
    }
  });
  return router;
}
