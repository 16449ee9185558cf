import type { AxiosInstance } from 'axios';
import type express from 'express';

/**
 * Liveness: the process answers. Readiness: it can serve shoppers, so the api behind it answers too, and
 * the process is not stopping (`drain`: readiness answers 503 from then on).
 */
export function mountHealth(app: express.Express, deps: { http: AxiosInstance; upstreamTimeoutMs: number }) {
  let draining = false;
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    if (draining) {
      res.status(503).json({ status: 'draining', message: 'The gateway is shutting down', code: 'UPSTREAM_UNAVAILABLE' });
      return;
    }
    try {
      await deps.http.get('health', { timeout: Math.min(deps.upstreamTimeoutMs, 2_000) });
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'not ready', message: 'The shop api is unreachable', code: 'UPSTREAM_UNAVAILABLE' });
    }
  });
  return {
    drain() {
      draining = true;
    },
  };
}
