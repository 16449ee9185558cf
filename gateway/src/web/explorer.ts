import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response } from 'express';

/**
 * The explorer's page may run its editors' web workers (Monaco's, from the shop's own files or blobs it
 * makes) and talk to /graphql of the same origin; nothing else, nothing from another host.
 */
export const EXPLORER_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

const NOT_BUILT = 'The GraphQL explorer is not built: run `npm run build` (or `npm run build -w @digitic/explorer`), then reload.';

/** GraphiQL at /graphiql/, from the explorer's build (local files only: it works with no network). */
export function explorerRoutes(dist: string) {
  const root = path.resolve(dist);
  const router = express.Router();
  const headers = (res: Response) =>
    res.set({ 'Content-Security-Policy': EXPLORER_POLICY, 'X-Frame-Options': 'DENY', 'X-Robots-Tag': 'noindex' });
  // The page's assets are relative to /graphiql/: the bare path is sent there.
  router.get('/graphiql', (req: Request, res: Response) => {
    if (!req.path.endsWith('/')) {
      res.redirect(301, `/graphiql/${req.originalUrl.slice(req.path.length)}`);
      return;
    }
    headers(res);
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send(NOT_BUILT);
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  router.use(
    '/graphiql/assets',
    express.static(path.join(root, 'assets'), {
      index: false,
      fallthrough: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => headers(res),
    }),
  );
  return router;
}
