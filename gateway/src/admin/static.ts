import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response } from 'express';

/**
 * The back office's own policy: its scripts and styles from the shop's origin only, no inline script, its
 * API on the same origin, the enrolment QR code as a data: image; never framed, never indexed.
 */
export const ADMIN_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const NOT_BUILT = 'The back office is not built: run `npm run build` (or `npm run build -w @digitic/admin`), then reload.';

/** The back office at /admin/: its built files, and its page for every other path under /admin/ (the app routes itself). */
export function adminStaticRoutes(dist: string) {
  const root = path.resolve(dist);
  const router = express.Router();
  const headers = (res: Response) =>
    res.set({
      'Content-Security-Policy': ADMIN_POLICY,
      'X-Frame-Options': 'DENY',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  router.use(
    '/admin/assets',
    express.static(path.join(root, 'assets'), {
      index: false,
      fallthrough: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => headers(res),
    }),
  );
  router.get(['/admin', '/admin/{*path}'], (req: Request, res: Response, next) => {
    if (req.path === '/admin/graphql') return next();
    if (req.path === '/admin') {
      res.redirect(301, '/admin/');
      return;
    }
    headers(res);
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send(NOT_BUILT);
      return;
    }
    res.set('Cache-Control', 'no-store').sendFile(index);
  });
  return router;
}
