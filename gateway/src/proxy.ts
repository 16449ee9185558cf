import type { Request, Response } from 'express';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

/**
 * Forwards a GET or POST under a path prefix to another loopback service, body and status as they are.
 * With `raw`, the body is the bytes received (a signed webhook); `headers` names request headers passed on.
 */
export function forwardTo(to: string | (() => string), timeoutMs: number, options: { raw?: boolean; headers?: string[] } = {}) {
  return async (req: Request, res: Response) => {
    const target = typeof to === 'string' ? to : to();
    const url = new URL(req.url, `${target.replace(/\/$/, '')}/`);
    const passed = Object.fromEntries((options.headers ?? []).flatMap((h) => (req.get(h) ? [[h, req.get(h) as string]] : [])));
    const body = options.raw ? (Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array()) : JSON.stringify(req.body ?? {});
    try {
      const upstream = await fetch(`${target.replace(/\/$/, '')}${req.url}`, {
        method: req.method,
        headers: {
          'content-type': req.get('content-type') ?? 'application/json',
          accept: req.get('accept') ?? '*/*',
          ...passed,
          ...(res.locals.requestId ? { 'x-request-id': res.locals.requestId as string } : {}),
        },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      res.status(upstream.status);
      upstream.headers.forEach((value, key) => {
        if (!HOP_BY_HOP.has(key)) res.setHeader(key, value);
      });
      res.send(Buffer.from(await upstream.arrayBuffer()));
    } catch {
      res.status(502).json({ message: `${url.pathname} is unreachable right now`, code: 'UPSTREAM_UNAVAILABLE' });
    }
  };
}
