import type { ApiErrorBody, ApiErrorCode } from '@digitic/rest-contract';
import type { NextFunction, Request, Response } from 'express';
import { DomainError, notFound } from '../domain/errors.js';

/** Each code's HTTP status: the one place a domain error becomes HTTP. */
export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_SIGNATURE: 400,
  STALE_EVENT: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  TRANSITION_NOT_ALLOWED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The SQLSTATE the database raises for a write naming an erased account (db/migrations/0036). */
export const ERASED_ACCOUNT = 'DG001';

// Errors from node-postgres / PGlite carry a SQLSTATE; a lost connection has a network code instead.
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
  '3D000',
  '53300',
]);

function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && DB_DOWN_CODES.has(e.code)) return true;
  return /Connection terminated|PGlite is closed|has already been destroyed|connection (is )?closed|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

export function routeNotFound(req: Request, _res: Response, next: NextFunction) {
  next(notFound(`No route for ${req.method} ${req.path}`));
}

type Logger = (line: string, detail?: unknown) => void;

/** The one place a failure becomes a response: JSON {message, code, field?}, never a stack or SQL. */
export function errorHandler(log: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const id = res.locals.requestId as string | undefined;
    const send = (status: number, message: string, code: ApiErrorCode, field?: string) =>
      res.status(status).json({ message, code, ...(field ? { field } : {}), ...(id ? { requestId: id } : {}) } satisfies ApiErrorBody);

    if (err instanceof DomainError) return send(STATUS_BY_CODE[err.code], err.message, err.code, err.field);
    const bodyError = err as { type?: string; status?: number };
    if (bodyError.type === 'entity.too.large') {
      const limit = (err as { limit?: number }).limit;
      return send(413, `Request body is larger than ${limit ? `${Math.round(limit / 1024)} KB` : 'allowed'}`, 'PAYLOAD_TOO_LARGE');
    }
    if (bodyError.type === 'entity.parse.failed') return send(400, 'Request body is not valid JSON', 'BAD_REQUEST');
    if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
      return send(415, 'Request body encoding is not supported', 'UNSUPPORTED_MEDIA_TYPE');
    }
    if (bodyError.status && bodyError.status >= 400 && bodyError.status < 500) {
      return send(bodyError.status, 'The request could not be read', 'BAD_REQUEST');
    }
    // The database refused a write for an account erased meanwhile (db/migrations/0036): its token is void.
    if ((err as { code?: string } | null)?.code === ERASED_ACCOUNT) {
      return send(401, 'Not authorized: the token is no longer valid, sign in again', 'UNAUTHENTICATED');
    }
    if (isDatabaseDown(err)) {
      log(`database unavailable (request ${id})`, err);
      return send(503, 'The shop database is unavailable. Please try again shortly.', 'SERVICE_UNAVAILABLE');
    }
    log(`unexpected error (request ${id})`, err);
    return send(500, 'Something went wrong on our side. Please try again.', 'INTERNAL');
  };
}
