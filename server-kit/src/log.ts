import type { NextFunction, Request, Response } from 'express';
import { pino, type Logger } from 'pino';

/**
 * Structured logs: one JSON line per event in production (pretty in development), never a
 * password, token or reset link. LOG_LEVEL picks the level, LOG_FORMAT json or pretty; LOG_SILENT=1 silences (tests).
 */
export function createLogger(service: string, nodeEnv: string, env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_SILENT === '1' ? 'silent' : (env.LOG_LEVEL ?? 'info');
  // LOG_FORMAT picks; unset, development is pretty and everything else JSON lines.
  const pretty = env.LOG_FORMAT ? env.LOG_FORMAT === 'pretty' : nodeEnv === 'development';
  return pino({
    level,
    base: { service },
    // Belt and braces: nothing logs these fields, and if something ever does they are blanked.
    redact: {
      paths: ['password', 'token', 'authorization', '*.password', '*.token', '*.authorization', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service', singleLine: true },
          },
        }
      : {}),
  });
}

/** A path with anything that looks like a token or id blanked (for requests that matched no route). */
export function maskPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.length > 16 || /\d{3,}/.test(segment) ? ':x' : segment))
    .join('/')
    .slice(0, 100);
}

/** The route label of every request no route matched: made-up paths are one series, never one each. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface RequestRecord {
  requestId: string | undefined;
  method: string;
  route: string;
  status: number;
  ms: number;
}

/**
 * One line per request when it ends: request id, method, the route's pattern (never its values: a
 * reset token is a path segment), status and duration. `observe` also feeds the metrics. `probes` are the
 * routes machines ask every second or so (health, readiness, metrics, the gateways' catalogue poll): answered,
 * they log at debug, so a person reading the log at info sees what people did; failing, they log as any route.
 */
export function requestLog(
  logger: Logger,
  observe?: (r: RequestRecord) => void,
  describe?: (req: Request, res: Response) => { route: string; extra?: Record<string, unknown> },
  probes: ReadonlySet<string> = new Set(),
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const described = describe?.(req, res);
      // The metrics' route label is the matched route's template, or one label for everything unmatched: a
      // label made of the path would be a new series, kept for ever, for every made-up address.
      const matched = typeof pattern === 'string' ? `${/^\/api\//i.test(req.originalUrl) ? '/api' : ''}${pattern}` : undefined;
      const record: RequestRecord = {
        requestId: res.locals.requestId as string | undefined,
        method: req.method,
        route: described?.route ?? matched ?? UNMATCHED_ROUTE,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      observe?.(record);
      const level = res.statusCode >= 500 ? 'error' : res.statusCode < 400 && probes.has(record.route) ? 'debug' : 'info';
      // The log line may say which path it was (masked: a token can be a path segment).
      const path = record.route === UNMATCHED_ROUTE ? { path: maskPath(req.path) } : {};
      logger[level]({ ...record, ...path, ...described?.extra }, 'request');
    });
    next();
  };
}
