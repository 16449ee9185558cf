import { requestId, requestLog } from '@digitic/server-kit';
import type express from 'express';
import type { Logger } from 'pino';
import type { GatewayMetrics } from './metrics.js';

/** The route label of a path: the shop's fixed endpoints by name, every storefront page as "page". */
function routeOf(path: string): string {
  if (/^\/(graphql|admin\/graphql|health|ready|metrics|robots\.txt|sitemap\.xml)$/.test(path)) return path;
  if (path.startsWith('/assets/')) return '/assets';
  if (path === '/graphiql' || path.startsWith('/graphiql/')) return '/graphiql';
  if (path === '/admin' || path.startsWith('/admin/')) return '/admin';
  if (path.startsWith('/api/images/')) return '/api/images';
  if (path.startsWith('/payment-simulator/')) return '/payment-simulator';
  if (path.startsWith('/sitemaps/')) return '/sitemaps';
  return 'page';
}

/** What machines ask (load balancers, Prometheus): logged at debug when answered. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * The first middleware of every request: its id (the caller's X-Request-Id when well-formed, as the api's
 * answers do; the api gets the same id), a place for log fields, and its log line and metrics by route.
 */
export function requestLogging(logger: Logger, metrics: GatewayMetrics): express.RequestHandler[] {
  return [
    requestId,
    (_req, res, next) => {
      res.locals.logFields = {};
      next();
    },
    requestLog(
      logger,
      (r) => metrics.observeRequest(r),
      (req, res) => ({
        route: routeOf(req.originalUrl.split('?')[0] ?? ''),
        extra: res.locals.logFields as Record<string, unknown>,
      }),
      PROBES,
    ),
  ];
}
