import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startingGate } from './starting.js';

const ready: { now: boolean; ask: (() => boolean) | null } = { now: false, ask: null };
let base = '';
let close: () => void;

beforeAll(async () => {
  const served = express();
  served.use(startingGate(async () => ready.ask?.() ?? ready.now, { 'X-Frame-Options': 'DENY' }));
  served.post('/graphql', (_req, res) => void res.json({ data: null }));
  served.get('/{*path}', (_req, res) => void res.type('html').send('<!doctype html><p>the shop</p>'));
  const server = served.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const page = (path: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  fetch(`${base}${path}`, { headers: { Accept: accept } });

describe('while the shop starts', () => {
  it('answers a page with a plain page that reloads itself, until the shop can serve one', async () => {
    ready.now = false;
    for (const path of ['/', '/product', '/product/1?x=y', '/admin/orders']) {
      const res = await page(path);
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(text).toContain('<meta http-equiv="refresh" content="1">');
      expect(text).toContain('The shop is starting');
      expect(text).not.toContain('<script');
    }
    ready.now = true;
    const res = await page('/product');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('the shop');
    // Asked at each page: the first page after the api answers is the shop's, not one more starting page.
    const late = { calls: 0 };
    ready.now = false;
    ready.ask = () => ++late.calls > 1;
    expect(await (await page('/')).text()).toContain('The shop is starting');
    expect(await (await page('/')).text()).toContain('the shop');
    ready.ask = null;
  });

  it('lets through what is not a page: GraphQL, readiness, the app’s files and a call that wants no HTML', async () => {
    ready.now = false;
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/html' },
      body: '{}',
    });
    expect(graphql.status).toBe(200);
    for (const path of ['/ready', '/robots.txt', '/sitemap.xml', '/metrics', '/api/images/x.svg', '/admin/assets/app.js'])
      expect(await (await page(path)).text(), path).toContain('the shop');
    // A page whose name merely starts like one of those is still a page.
    expect(await (await page('/health-care')).text()).toContain('The shop is starting');
    expect((await page('/assets/app.js')).status).toBe(200);
    expect((await page('/favicon.svg', 'image/avif,image/webp,*/*')).status).toBe(200);
    expect((await page('/product', 'application/json')).status).toBe(200);
  });
});
