import type { Request, Response } from 'express';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

/**
 * Where a request may go upstream: the path (and query) to ask for, built from what the route exists for,
 * or null when the request is not one of its shapes (answered 404, nothing sent upstream).
 */
export type UpstreamPath = (req: Request) => string | null;

/**
 * The raw path, when it holds nothing a URL parser would resolve or decode into another path: no
 * percent-escapes (`%2e%2e`, `%2f`, `%5c`), no backslashes, no dot or empty segments. The shapes the
 * gateway forwards need none of these, so anything that has them is refused rather than interpreted.
 */
export function plainPath(req: Pick<Request, 'path'>): string | null {
  const p = req.path;
  if (/[%\\]/.test(p)) return null;
  if (
    p
      .split('/')
      .slice(1)
      .some((s) => s === '' || s === '.' || s === '..')
  )
    return null;
  return p;
}

/** The catalogue's pictures: /api/images/product/{kind}-{colour}-{n}.svg and /api/images/blog/{kind}-{n}.svg, no query. */
const IMAGE = /^\/api\/images\/(product|blog)\/([a-z]+(?:-[a-z]+)?-[1-9]\.svg)$/;
export const imagePath: UpstreamPath = (req) => {
  const m = IMAGE.exec(plainPath(req) ?? '');
  return m ? `/api/images/${m[1]}/${m[2]}` : null;
};

/** Uploaded photos: /api/photos/{id} and /api/photos/{id}/{width}.{avif|webp|jpg}, no query. */
const PHOTO = /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/\d{1,5}\.(?:avif|webp|jpg))?$/;
export const photoPath: UpstreamPath = (req) => {
  const m = PHOTO.exec(plainPath(req) ?? '');
  return m ? `/api/photos/${m[1]}${m[2] ?? ''}` : null;
};

/** A shopper's tax invoice or credit note as a PDF: its id a UUID, nothing else of the api's user routes. */
export const taxDocumentPath: UpstreamPath = (req) => {
  const m = /^\/api\/user\/tax-documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/pdf$/i.exec(plainPath(req) ?? '');
  return m ? `/api/user/tax-documents/${(m[1] as string).toLowerCase()}/pdf` : null;
};

/** The payment simulator's widget and its pay/decline call, nothing else of it (its control routes stay private). */
export const simulatorPath: UpstreamPath = (req) => {
  const p = plainPath(req);
  if (req.method === 'GET' && p === '/checkout.js') return p;
  const pay = /^\/sim\/orders\/(order_[A-Za-z0-9]{6,40})\/pay$/.exec(p ?? '');
  if ((req.method === 'POST' || req.method === 'OPTIONS') && pay) return `/sim/orders/${pay[1]}/pay`;
  return null;
};

/**
 * Forwards a request to another loopback service, body and status as they are, at the path `upstreamPath`
 * makes of it (never the request's own URL). With `raw`, the body is the bytes received (a signed
 * webhook); `headers` names request headers passed on.
 */
export function forwardTo(
  to: string | (() => string),
  timeoutMs: number,
  upstreamPath: UpstreamPath,
  options: { raw?: boolean; headers?: string[] } = {},
) {
  return async (req: Request, res: Response) => {
    const where = upstreamPath(req);
    if (where === null) {
      res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    const target = (typeof to === 'string' ? to : to()).replace(/\/$/, '');
    const passed = Object.fromEntries((options.headers ?? []).flatMap((h) => (req.get(h) ? [[h, req.get(h) as string]] : [])));
    const body = options.raw ? (Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array()) : JSON.stringify(req.body ?? {});
    try {
      const upstream = await fetch(`${target}${where}`, {
        method: req.method,
        headers: {
          'content-type': req.get('content-type') ?? 'application/json',
          accept: req.get('accept') ?? '*/*',
          ...passed,
          ...(res.locals.requestId ? { 'x-request-id': res.locals.requestId as string } : {}),
        },
        body: req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' ? undefined : body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      res.status(upstream.status);
      upstream.headers.forEach((value, key) => {
        if (!HOP_BY_HOP.has(key)) res.setHeader(key, value);
      });
      res.send(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.status(502).json({ message: `${where.split('?')[0]} is unreachable right now`, code: 'UPSTREAM_UNAVAILABLE' });
    }
  };
}
