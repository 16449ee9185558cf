import type { NextFunction, Request, Response } from 'express';

/** Every answer after /metrics: its type as sent, never sniffed; the referrer only as the origin to another site. */
export function sharedResponseHeaders(_req: Request, res: Response, next: NextFunction) {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
  next();
}
