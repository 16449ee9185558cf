import { bearerToken, sameSecret } from './secrets.js';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { RequestRecord } from './log.js';

export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A service's Prometheus registry of its own (several apps can live in one test process), labelled
 * with the service's name, with the process metrics and the HTTP request count and duration that
 * every service keeps. Each service adds its own metrics to `registry`.
 */
export function createHttpMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    registry,
    observeRequest: (r: Pick<RequestRecord, 'method' | 'route' | 'status' | 'ms'>) => {
      requests.inc({ method: r.method, route: r.route, status: String(r.status) });
      duration.observe({ method: r.method, route: r.route }, r.ms / 1000);
    },
  };
}

/**
 * GET /metrics in Prometheus' text format. With a token, only for `Authorization: Bearer <token>`;
 * in production without a token it does not exist (metrics are never public there).
 */
export function metricsEndpoint(registry: Registry, options: { token: string | undefined; production: boolean }): RequestHandler {
  return async (req, res, next) => {
    if (!options.token && options.production) return next();
    if (options.token && !sameSecret(bearerToken(req.get('authorization')), options.token)) {
      res.status(401).json({ message: 'Metrics need the metrics token', code: 'UNAUTHENTICATED' });
      return;
    }
    res.set('Content-Type', registry.contentType).send(await registry.metrics());
  };
}
