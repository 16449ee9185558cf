import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { cookie, CSRF_COOKIE, SESSION_COOKIE } from './mount.js';

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

/** Every answer under /admin that is not the back office's page: data, files, errors. */
export const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

const ALWAYS: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  // A storefront page that opens /admin/ in a window gets a handle to nothing (the storefront sends no COOP).
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** Runs `last` just before the status line and headers go, whoever sends them (on-headers' way, without the package). */
function beforeHeaders(res: ServerResponse, last: () => void) {
  const writeHead = res.writeHead.bind(res);
  let done = false;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    // Headers given to writeHead itself would land after `last`: set them first, so `last` has the final say.
    const given = rest.find((r) => typeof r === 'object' && r !== null);
    const pairs: [string, unknown][] = Array.isArray(given)
      ? Array.isArray(given[0])
        ? (given as [string, unknown][])
        : Array.from({ length: given.length / 2 }, (_, i): [string, unknown] => [String(given[2 * i]), given[2 * i + 1]])
      : Object.entries((given ?? {}) as Record<string, unknown>);
    for (const [k, v] of pairs) this.setHeader(k, v as string | string[]);
    this.statusCode = status;
    if (!done) {
      done = true;
      last();
    }
    const message = rest.find((r): r is string => typeof r === 'string');
    return message === undefined ? writeHead(this.statusCode) : writeHead(this.statusCode, message);
  };
}

/**
 * Mounted at /admin before every other handler there: whatever answers (the page, an asset, a missing asset,
 * a file, GraphQL, an OPTIONS, express's own 404 and error pages), it refuses to be framed, opened with a
 * handle or sniffed. Set again as the headers go, so no handler after it can take them off.
 */
export function adminResponseHeaders(_req: Request, res: Response, next: NextFunction) {
  res.set({ ...ALWAYS, 'Content-Security-Policy': NOT_A_PAGE_POLICY });
  beforeHeaders(res, () => {
    for (const [k, v] of Object.entries(ALWAYS)) res.setHeader(k, v);
    const policies = [res.getHeader('content-security-policy') ?? []].flat().map(String);
    if (!policies.some((p) => /frame-ancestors 'none'/.test(p))) res.setHeader('Content-Security-Policy', NOT_A_PAGE_POLICY);
  });
  next();
}

const NOT_BUILT = 'The back office is not built: run `npm run build` (or `npm run build -w @digitic/admin`), then reload.';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const escapeAttribute = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The page split where the token's meta goes: at the end of its head (or after the doctype of a page without one). */
function pageParts(html: string): [string, string] {
  const at = /<\/head>/i.exec(html)?.index ?? /^\s*<!doctype[^>]*>/i.exec(html)?.[0].length ?? 0;
  return [html.slice(0, at), html.slice(at)];
}

/**
 * The session's CSRF token, only for the back office's own document: a top-level navigation (Fetch Metadata,
 * which no script can set) from the shop itself or the address bar, carrying the session. A storefront
 * script's fetch() (cors, empty), a frame (iframe), an object and a request of another site get none.
 */
function tokenFor(req: Request): string | null {
  if (req.get('sec-fetch-mode') !== 'navigate' || req.get('sec-fetch-dest') !== 'document') return null;
  if (!['same-origin', 'none'].includes(req.get('sec-fetch-site') ?? '')) return null;
  const csrf = cookie(req, CSRF_COOKIE);
  return cookie(req, SESSION_COOKIE) && csrf && TOKEN.test(csrf) ? csrf : null;
}

/**
 * The back office at /admin/: its built files, and its page for every other path under /admin/ (the app routes
 * itself). The page names the shop's time zone (SHOP_TIME_ZONE): every date the back office writes is the shop's
 * time, wherever the person reading it is.
 */
export function adminStaticRoutes(dist: string, timeZone: string) {
  const zone = `<meta name="digitic-time-zone" content="${escapeAttribute(timeZone)}">`;
  const root = path.resolve(dist);
  const router = express.Router();
  // Read once (the build does not change under a running gateway); looked for again while it is not built.
  let page: [string, string] | null = null;
  const indexPage = () => {
    const index = path.join(root, 'index.html');
    if (!page && existsSync(index)) page = pageParts(readFileSync(index, 'utf8'));
    return page;
  };
  indexPage();
  router.use(
    '/admin/assets',
    express.static(path.join(root, 'assets'), { index: false, fallthrough: false, immutable: true, maxAge: '365d' }),
    // What the files refuse (a missing one, a path out of the folder) is answered plainly, not logged as a fault.
    (err: { status?: number }, _req: Request, res: Response, next: NextFunction) => {
      if (typeof err.status !== 'number' || err.status >= 500) return next(err);
      res
        .status(err.status)
        .type('text/plain')
        .send(err.status === 404 ? 'No such file' : 'Refused');
    },
  );
  router.get(['/admin', '/admin/{*path}'], (req: Request, res: Response, next) => {
    // Not pages: the API, and the files (an unknown one is a 404, not the app).
    if (/^\/admin\/(graphql|files)(\/|$)/i.test(req.path)) return next();
    if (/^\/admin$/i.test(req.path)) {
      res.redirect(301, '/admin/');
      return;
    }
    const parts = indexPage();
    if (!parts) {
      res.status(503).type('text/plain').send(NOT_BUILT);
      return;
    }
    const token = tokenFor(req);
    const meta = token ? `<meta name="digitic-csrf" content="${escapeAttribute(token)}">` : '';
    res
      .set({ 'Content-Security-Policy': ADMIN_POLICY, 'Cache-Control': 'no-store' })
      .type('html')
      .send(parts[0] + zone + meta + parts[1]);
  });
  return router;
}
