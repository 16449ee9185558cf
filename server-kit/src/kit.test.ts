import { createServer } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  commonSettings,
  ConfigError,
  createHttpMetrics,
  keepIdleConnections,
  listen,
  maskPath,
  metricsEndpoint,
  requestLog,
  parseSettings,
  requestId,
  requestIdFrom,
} from './index.js';
import { cleanStoredHtml, sanitizeRichText } from './sanitize.js';

async function serve(app: express.Express, run: (base: string) => Promise<void>) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  try {
    await run(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  } finally {
    server.close();
  }
}

describe('server kit', () => {
  it('sanitizes stored HTML to an allowlist, on the way in and on the way out', () => {
    const dirty = '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>';
    for (const clean of [sanitizeRichText(dirty), cleanStoredHtml(dirty)]) {
      expect(clean).not.toMatch(/script|onerror|onclick|javascript:|<img/);
      expect(clean).toContain('<p>Hi');
    }
    expect(sanitizeRichText('<a href="https://x.test">x</a>')).toContain('rel="noopener noreferrer nofollow"');
  });

  it("keeps a caller's plain request id and replaces anything else", () => {
    expect(requestIdFrom('abc-123_X')).toBe('abc-123_X');
    expect(requestIdFrom('bad id;')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(65))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names every bad setting, with the service, and fills the defaults', () => {
    const schema = z.object(commonSettings);
    expect(parseSettings(schema, {}, 'test')).toMatchObject({ NODE_ENV: 'development', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: 10_000 });
    let error: unknown;
    try {
      parseSettings(schema, { LOG_LEVEL: 'loud', LOG_FORMAT: 'xml', METRICS_TOKEN: 'short' }, 'test');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid test settings:/);
    for (const name of ['LOG_LEVEL', 'LOG_FORMAT', 'METRICS_TOKEN']) expect((error as Error).message).toContain(name);
    expect(parseSettings(schema, { LOG_FORMAT: '' }, 'test').LOG_FORMAT).toBeUndefined();
  });

  it('keeps idle connections longer than the clients and proxies in front do', () => {
    const server = createServer();
    keepIdleConnections(server);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('blanks tokens and ids in paths', () => {
    expect(maskPath('/api/user/reset-password/0123456789abcdef0123')).toBe('/api/user/reset-password/:x');
    expect(maskPath('/api/product/123')).toBe('/api/product/:x');
  });

  it('serves metrics behind a token, not at all in production without one, and echoes request ids', async () => {
    const { registry, observeRequest } = createHttpMetrics('kit');
    observeRequest({ method: 'GET', route: '/x', status: 200, ms: 3 });
    const app = express();
    app.use(requestId);
    app.get('/metrics', metricsEndpoint(registry, { token: 'a'.repeat(16), production: false }));
    app.get('/prod-metrics', metricsEndpoint(registry, { token: undefined, production: true }));
    await serve(app, async (base) => {
      const refused = await fetch(`${base}/metrics`, { headers: { 'x-request-id': 'kept-1' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('x-request-id')).toBe('kept-1');
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${'a'.repeat(16)}` } });
      const text = await ok.text();
      expect(text).toContain('http_requests_total{method="GET",route="/x",status="200",service="kit"} 1');
      expect((await fetch(`${base}/prod-metrics`)).status).toBe(404);
    });
  });
});

describe('the request log', () => {
  it('logs what machines ask at debug when answered, and at its usual level when it fails', async () => {
    const lines: { level: number; route: string; status: number }[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = express();
    app.use(requestLog(logger, undefined, undefined, new Set(['/health', '/ready'])));
    app.get('/health', (_req, res) => void res.json({ ok: true }));
    app.get('/ready', (_req, res) => void res.status(503).json({ ready: false }));
    app.get('/orders', (_req, res) => void res.json([]));
    await serve(app, async (base) => {
      for (const p of ['/health', '/ready', '/orders']) await fetch(`${base}${p}`);
      await new Promise((r) => setTimeout(r, 20));
    });
    const DEBUG = 20;
    const INFO = 30;
    const ERROR = 50;
    expect(lines.map((l) => [l.route, l.status, l.level])).toEqual([
      ['/health', 200, DEBUG],
      ['/ready', 503, ERROR],
      ['/orders', 200, INFO],
    ]);
  });
});

describe('listen', () => {
  it('names a port another process holds and the setting that moves it', async () => {
    const first = await listen((_req, res) => res.end('first'), 0, '127.0.0.1', 'PORT');
    const { port } = first.address() as { port: number };
    try {
      await expect(listen((_req, res) => res.end('second'), port, '127.0.0.1', 'PORT')).rejects.toThrow(
        `port ${port} on 127.0.0.1 is taken by another process: stop that process, or set PORT to a free port`,
      );
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('first');
    } finally {
      first.close();
    }
  });
});
