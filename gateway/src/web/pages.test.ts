import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { EARLY_TAPS_TAG } from './early-taps.js';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CatalogueSync } from '../cache/catalogue-sync.js';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer, sameSiteLocation } from './pages.js';
import { shopDetailsSource } from '../shop-details.js';

// A built web app in miniature: the template with its markers, a manifest, and a server entry whose
// answer each test chooses through the page's address.
const dist = mkdtempSync(path.join(tmpdir(), 'digitic-pages-'));
const INDEX = `<!doctype html><html><head><!--app-head--><title>Digitic</title><!--/app-head--><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>`;
const ENTRY = `
let renders = 0;
export const calls = { described: 0 };
export function describePage(pathname) {
  calls.described++;
  if (/^\\/(cart|checkout|my-orders|login|reset-password)(\\/|$)/.test(pathname)) return { modules: [], serverRendered: false, query: [] };
  if (pathname.startsWith('/product/')) return { modules: ['src/features/product/product-page.tsx'], serverRendered: true, query: [] };
  if (pathname === '/store') return { modules: [], serverRendered: true, query: ['sort', 'brand'] };
  return { modules: [], serverRendered: true, query: [] };
}
// As the web app's: one "/" between segments, none at the end, lower case (its routes and ids are).
export function canonicalPath(pathname) {
  if (pathname.startsWith('/odd-canonical')) return '//evil.example/' + pathname.slice(1);
  const path = pathname.replace(/\\\\/g, '/').replace(/\\/{2,}/g, '/').toLowerCase();
  return path.length > 1 ? path.replace(/\\/$/, '') : path;
}
export async function render({ url, sanitize }) {
  renders++;
  if (!/^\\/(?![\\/\\\\])/.test(url)) throw new Error('render was given ' + url);
  if (url.startsWith('/fail')) throw new Error('the api is down');
  if (url.startsWith('/old')) return { kind: 'redirect', status: 301, location: '/new' };
  const html = '<main>' + sanitize('<p>ok</p><script>alert(1)</script>') + ' ✓ render ' + renders + ' of ' + url + '</main>';
  const status = url.startsWith('/missing') ? 404 : 200;
  return {
    kind: 'page',
    status,
    head: '<title>Rendered | Digitic</title>',
    state: { 'Product:1': { title: '</script><script>alert(1)</script>' } },
    renderPasses: 1,
    lateQueries: [],
    cacheable: status === 200 && !url.includes('made-up'),
    pipe(out) { out.write(html.slice(0, 20)); out.end(html.slice(20)); },
    abort() {},
  };
}`;

let server: Server;
let base: string;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'web/.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'web/assets'), { recursive: true });
  writeFileSync(path.join(dist, 'web/index.html'), INDEX);
  writeFileSync(path.join(dist, 'web/assets/index.css'), 'body{color:red}');
  writeFileSync(path.join(dist, 'web/assets/boot.css'), '.card{color:blue}');
  writeFileSync(path.join(dist, 'web/assets/product-page.css'), '.product{color:green}');
  writeFileSync(
    path.join(dist, 'web/.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'], dynamicImports: ['src/boot.tsx'] },
      'src/boot.tsx': { file: 'assets/boot.js', css: ['assets/boot.css'] },
      'src/features/product/product-page.tsx': { file: 'assets/product-page.js', imports: ['_safe.js'], css: ['assets/product-page.css'] },
      '_safe.js': { file: 'assets/safe.js' },
    }),
  );
  writeFileSync(path.join(dist, 'entry-server.mjs'), ENTRY);
  // A catalogue that never changes: the log read once, empty.
  const sync = new CatalogueSync({
    intervalMs: 60_000,
    changes: async () => ({ latest: 0, changes: [], complete: true, reachesBack: true }),
  });
  await sync.read();
  const page = await createPageRenderer({
    dist: path.join(dist, 'web'),
    serverEntry: path.join(dist, 'entry-server.mjs'),
    origin: 'https://shop.example',
    shop: shopDetailsSource({
      read: async () => ({ values: {}, version: 0, updatedAt: null }),
      sync,
      defaults: {
        ...{ name: 'Digitic', legalName: 'Digitic', address: '', phone: '', email: '', hours: '', freeShippingNotice: '' },
        ...{ grievanceName: '', grievanceDesignation: '', grievanceEmail: '', grievancePhone: '' },
      },
      log: () => undefined,
    }),
    executor: () => () => Promise.reject(new Error('not used by the stand-in entry')),
    cache: new InMemoryLRUCache(),
    sync,
    log: () => undefined,
    headers: { 'Content-Security-Policy': "script-src 'self'" },
  });
  const app = express();
  app.get('/{*page}', (req, res, next) => void page(req, res).catch(next));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (p: string) => fetch(`${base}${p}`, { redirect: 'manual' });
/** A request for the path exactly as written (fetch would read `/\\x` as `//x`, and resolve `..`). */
const raw = (p: string) =>
  new Promise<{ status: number; location: string | undefined; cache: string | undefined; body: string }>((resolve, reject) => {
    const req = request(`${base}/`, { path: p }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          cache: res.headers['x-render-cache'] as string | undefined,
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
/** A Location that is a path on this site: one "/", then no second "/" or "\\" (which would make it a host). */
const onThisSite = /^\/(?![/\\])/;

describe('server-rendered pages', () => {
  it('puts the head, the app, its state and the page chunk preloads into the template', async () => {
    const res = await get('/product/42');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      `<head>${EARLY_TAPS_TAG}<title>Rendered | Digitic</title><script type="module" src="/assets/index.js" fetchpriority="low">`,
    );
    // The page shows without its scripts; once it is in, the app's chunks and the page's load together.
    expect(html).toContain(
      '<script type="application/json" id="__PAGE_CHUNKS__">{"app":["/assets/boot.js"],"page":["/assets/product-page.js","/assets/safe.js"]}</script>',
    );
    expect(html).not.toContain('<title>Digitic</title>');
    expect(html).toMatch(/<div id="root"><main><p>ok<\/p> ✓ render \d+ of \/product\/42<\/main><\/div>/);
    // The state cannot end its script element, whatever the catalogue holds.
    expect(html).toContain('<script type="application/json" id="__APOLLO_STATE__">{"Product:1":{"title":"\\u003c/script\\u003e');
    // The styles of the app and then the page's own are inline, in the order the browser would load them, each
    // followed by a disabled link to its file: never fetched, but Vite's preload helper sees it and adds no live one.
    const inline = (css: string, file: string) => `<style>${css}</style><link rel="stylesheet" href="/assets/${file}" disabled>`;
    expect(html).toContain(
      `${inline('body{color:red}', 'index.css')}${inline('.card{color:blue}', 'boot.css')}${inline('.product{color:green}', 'product-page.css')}</head>`,
    );
  });

  it("inlines only a page's own styles", async () => {
    const html = await (await get('/blogs')).text();
    expect(html).toContain('<style>.card{color:blue}</style><link rel="stylesheet" href="/assets/boot.css" disabled></head>');
    expect(html).not.toContain('.product{color:green}');
  });

  it('answers the same address from the HTML cache, byte for byte', async () => {
    const first = await get('/same?x=1');
    const second = await get('/same?x=1');
    expect(first.headers.get('x-render-cache')).toBe('miss');
    expect(second.headers.get('x-render-cache')).toBe('hit');
    expect(second.headers.get('content-security-policy')).toBe("script-src 'self'");
    expect(await second.text()).toBe(await first.text());
  });

  it('sends a cached page compressed once, with an ETag that answers 304', async () => {
    const first = await (await get('/etag-page')).text();
    const br = await fetch(`${base}/etag-page`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('x-render-cache')).toBe('hit');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(first);
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await fetch(`${base}/etag-page`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const gz = await fetch(`${base}/etag-page`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(first);
  });

  it('renders and caches a page under the query parameters it reads only, each once, in a fixed order', async () => {
    const first = await get('/store?utm=1&sort=price&brand=Apple&brand=Sony');
    expect(first.headers.get('x-render-cache')).toBe('miss');
    expect(await first.text()).toContain(' of /store?brand=Apple&sort=price</main>');
    for (const made_up of [
      '/store?brand=Apple&utm=2&brand=Sony&sort=price',
      '/store?sort=price&brand=Apple&brand=Sony&x=' + 'y'.repeat(50),
      '/store?brand=Apple&sort=price&brand=' + 'z'.repeat(50),
      '/store?sort=price&brand=Apple&sort=title&sort=' + Math.random(),
    ]) {
      expect((await get(made_up)).headers.get('x-render-cache'), made_up).toBe('hit');
    }
    expect((await get('/about?page=2&q=anything')).headers.get('x-render-cache')).toBe('miss');
    expect((await get('/about')).headers.get('x-render-cache')).toBe('hit');
  });

  it('keeps the status of a missing page, not the page, and follows redirects', async () => {
    expect((await get('/missing')).status).toBe(404);
    const again = await get('/missing');
    expect(again.status).toBe(404);
    expect(again.headers.get('x-render-cache')).toBe('miss');
    const moved = await get('/old');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/new');
  });

  it('serves the plain app when rendering fails, and for signed-in and form pages', async () => {
    for (const p of ['/fail', '/cart', '/checkout', '/my-orders', '/login', '/reset-password/abc']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(html, p).toContain('<title>Digitic</title>');
      expect(html, p).toContain('<div id="root"></div>');
      expect(html, p).not.toContain('__APOLLO_STATE__');
      expect(html, p).not.toContain('fetchpriority="low"');
      expect(res.headers.get('content-security-policy'), p).toBe("script-src 'self'");
    }
  });

  // Regression: `//x1/product`, `/bLoGs` and `/blogs/` each rendered the page anew and took a place of their
  // own in the cache (and the renderer read `//x1/product` as the host x1).
  it('sends every other spelling of a page to its one spelling, with the query it reads, and renders only that', async () => {
    for (const [asked, canonical] of [
      ['//x1/store?sort=price&utm=1&sort=title', '/x1/store'],
      ['///store?sort=price&utm=1&sort=title', '/store?sort=price'],
      ['/STORE?brand=Apple', '/store?brand=Apple'],
      ['/store/?brand=Apple&x=1', '/store?brand=Apple'],
      ['/bLoGs', '/blogs'],
      ['/blogs/', '/blogs'],
      ['/blogs//', '/blogs'],
      ['/product/ABC-1', '/product/abc-1'],
      ['/\\x2/store', '/x2/store'],
      ['//evil.example', '/evil.example'],
      ['/\\evil.example', '/evil.example'],
      ['/\\/evil.example', '/evil.example'],
      ['/odd-canonical', '/evil.example/odd-canonical'],
    ] as const) {
      const res = await raw(asked);
      expect(res.status, asked).toBe(301);
      expect(res.location, asked).toBe(canonical);
      expect(res.location, asked).toMatch(onThisSite);
      const landed = await raw(canonical);
      expect(landed.status, canonical).toBe(200);
      expect(landed.body, canonical).toContain(` of ${canonical}</main>`);
    }
    expect((await raw('/blogs')).cache).toBe('hit');
  });

  it('leaves the pages the browser renders where they are', async () => {
    const res = await raw('/cart/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('makes every redirect a path on this site', () => {
    for (const address of [
      '//evil.example',
      '///evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n\r//evil.example',
      'evil',
      '',
    ]) {
      const location = sameSiteLocation(address);
      expect(location, JSON.stringify(address)).toMatch(onThisSite);
      expect(
        [...location].some((c) => c === '\\' || c < ' '),
        JSON.stringify(address),
      ).toBe(false);
    }
    expect(sameSiteLocation('/store?brand=Apple')).toBe('/store?brand=Apple');
  });

  // Regression: `/product?category=<anything>` was a 200 page cached under a key of its own for each value.
  it("does not cache a page its render says is not one of the shop's own, but still shows it", async () => {
    for (const address of ['/store?brand=made-up-1', '/made-up-page']) {
      for (let i = 0; i < 2; i += 1) {
        const res = await get(address);
        expect(res.status, address).toBe(200);
        expect(res.headers.get('x-render-cache'), address).toBe('miss');
        expect(await res.text(), address).toContain(` of ${address}</main>`);
      }
    }
  });

  it('remembers what a short path is, and describes a long one anew', async () => {
    const { calls } = (await import(pathToFileURL(path.join(dist, 'entry-server.mjs')).href)) as { calls: { described: number } };
    const described = async (p: string) => {
      const before = calls.described;
      await (await get(p)).arrayBuffer();
      return calls.described - before;
    };
    expect(await described('/short-one')).toBe(1);
    expect(await described('/short-one')).toBe(0);
    const long = `/long-${'x'.repeat(2000)}`;
    expect(await described(long)).toBe(1);
    expect(await described(long)).toBe(1);
  });
});
