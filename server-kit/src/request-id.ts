import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const VALID = /^[\w-]{1,64}$/;

/** A caller's request id when it is a plain token of at most 64 characters, else a new one. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && VALID.test(incoming) ? incoming : randomUUID();
}

/** Express middleware: every request gets an id (kept from X-Request-Id when valid), echoed in the response. */
export function requestId(req: Request, res: Response, next: NextFunction) {
  const id = requestIdFrom(req.get('x-request-id'));
  res.locals.requestId = id;
  res.set('X-Request-Id', id);
  next();
}
