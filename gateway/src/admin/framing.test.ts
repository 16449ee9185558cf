// A storefront script framed /admin/files/* answers and /admin/assets/<missing> 404s (no X-Frame-Options, no
// frame-ancestors), read the readable digitic_staff_csrf cookie through the same-origin frame and invited an owner.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/harness.js';
import { gatewayThroughFaults, signedInStaff } from '../test/back-office.js';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Back office</title></head>' +
  '<body><div id="root"></div><script type="module" src="/admin/assets/app-abc123.js"></script></body></html>';

let gw: TestGateway;
/** A second gateway over the same api through a proxy that can drop every connection, with no back office built. */
let faulty: Awaited<ReturnType<typeof gatewayThroughFaults>>;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  gw = await startTestGateway({ ADMIN_DIST: dist });

  faulty = await gatewayThroughFaults(gw, { ADMIN_DIST: mkdtempSync(path.join(tmpdir(), 'digitic-admin-unbuilt-')) });
});
afterAll(async () => {
  await faulty.close();
  await gw.close();
});

function refusesFraming(res: Response, what: string) {
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('content-security-policy'), what).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
  expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
}

type Case = [method: string, path: string, status: number, init?: RequestInit];
async function walk(base: string, cases: Case[], cookie = '') {
  for (const [method, p, status, init = {}] of cases) {
    const what = `${method} ${p}`;
    const res = await fetch(`${base}${p}`, {
      method,
      redirect: 'manual',
      ...init,
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string>) },
    });
    expect(res.status, what).toBe(status);
    refusesFraming(res, what);
    await res.arrayBuffer();
  }
}

const jar = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('every answer under /admin refuses to be framed, opened with a handle or sniffed', () => {
  it('the page and its routes, the assets, a missing asset in any case of the path, unknown paths, every method', async () => {
    await walk(gw.url, [
      ['GET', '/admin/', 200],
      ['GET', '/admin/orders/123', 200],
      ['GET', '/Admin/orders/123', 200],
      ['GET', '/admin', 301],
      ['GET', '/ADMIN', 301],
      ['GET', '/admin/assets/app-abc123.js', 200],
      ['GET', '/admin/assets/missing.js', 404],
      ['GET', '/Admin/assets/missing.js', 404],
      ['GET', '/ADMIN/ASSETS/missing.js', 404],
      ['GET', '/admin/assets/%2e%2e%2f%2e%2e%2fpackage.json', 403],
      ['HEAD', '/admin/', 200],
      ['HEAD', '/admin/assets/missing.js', 404],
      ['OPTIONS', '/admin/', 200],
      ['OPTIONS', '/admin/files/catalogue.csv', 200],
      ['OPTIONS', '/admin/graphql', 400, { headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } }],
      ['POST', '/admin/', 404],
      ['PUT', '/admin/orders', 404],
      ['DELETE', '/Admin/assets/app-abc123.js', 405],
      ['GET', '/admin/files/nope', 404],
      ['GET', '/ADMIN/FILES/nope', 404],
      ['POST', '/admin/files/nope', 404],
      ['GET', '/admin/%E0%A4%A', 400],
    ]);
  });

  it('the files: signed out, signed in, without the CSRF header, refused', async () => {
    await walk(gw.url, [
      ['GET', '/admin/files/catalogue.csv', 401],
      ['POST', '/admin/files/catalogue-import?dryRun=true', 401, { body: 'name\n', headers: { 'Content-Type': 'text/csv' } }],
      ['POST', '/admin/files/product-photos', 401, { body: 'x' }],
    ]);
    const { browser } = await signedInStaff(gw, 'owner');
    await walk(
      gw.url,
      [
        ['GET', '/admin/files/catalogue.csv', 200],
        ['GET', '/Admin/Files/Catalogue.csv', 200],
        ['POST', '/admin/files/catalogue-import?dryRun=true', 403, { body: 'name\n', headers: { 'Content-Type': 'text/csv' } }],
        ['POST', '/admin/files/blog-photos', 403, { body: 'x' }],
      ],
      jar(browser.cookies),
    );
  });

  it('GraphQL: GET and POST, answered, refused and malformed', async () => {
    const json = { 'Content-Type': 'application/json' };
    await walk(gw.url, [
      ['GET', '/admin/graphql?query=%7B__typename%7D', 200, { headers: { 'apollo-require-preflight': '1' } }],
      ['GET', '/admin/graphql?query=%7B__typename%7D', 400],
      ['GET', '/admin/graphql', 400],
      ['POST', '/admin/graphql', 200, { headers: json, body: JSON.stringify({ query: '{ me { email } }' }) }],
      ['POST', '/ADMIN/GRAPHQL', 200, { headers: json, body: JSON.stringify({ query: '{ me { email } }' }) }],
      ['POST', '/admin/graphql', 401, { headers: json, body: JSON.stringify({ query: '{ orders { total } }' }) }],
      ['POST', '/admin/graphql', 400, { headers: json, body: '{"query": ' }],
      ['POST', '/admin/graphql', 400, { headers: { 'Content-Type': 'text/plain' }, body: '{"query":"{ me { email } }"}' }],
    ]);
  });

  it('what answers when the api cannot be reached, and the page when the back office is not built', async () => {
    const { browser } = await signedInStaff(gw, 'owner');
    faulty.fault('down');
    try {
      await walk(
        faulty.url,
        [
          ['GET', '/admin/files/catalogue.csv', 502],
          ['POST', '/admin/files/catalogue-import?dryRun=true', 502, { body: 'name\n', headers: { 'Content-Type': 'text/csv' } }],
          ['POST', '/admin/graphql', 200, { headers: { 'Content-Type': 'application/json' }, body: '{"query":"{ me { email } }"}' }],
          ['GET', '/admin/', 503],
          ['GET', '/admin/assets/app-abc123.js', 404],
        ],
        jar(browser.cookies),
      );
    } finally {
      faulty.fault('pass');
    }
  });
});
