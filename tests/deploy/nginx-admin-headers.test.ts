import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Nginx } from '../support/nginx';

// A framed /admin answer gave the back office's CSRF token away; the gateways now refuse framing on every /admin
// answer (gateway/src/admin/framing.test.ts). What nginx answers there itself must refuse it too, and a gateway's
// page must keep its one policy (a second Content-Security-Policy would be enforced as well, and block its scripts).

const PAGE_POLICY = "default-src 'self'; script-src 'self'; frame-ancestors 'none'";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** A stand-in gateway: /admin/page with the back office's headers, anything else with none at all. */
async function gateway() {
  const server = http.createServer((req, res) => {
    if (req.url === '/admin/page') {
      res.setHeader('Content-Security-Policy', PAGE_POLICY);
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'no-referrer');
    }
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>Back office</title>');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => (server.closeAllConnections(), server.close(done))) };
}

/** The raw header lines of an answer (Node's fetch() joins repeated ones). */
async function get(url: string, method = 'GET', body?: Buffer) {
  return new Promise<{ status: number; raw: string[] }>((resolve, reject) => {
    const req = http.request(url, { method, headers: body ? { 'Content-Length': String(body.length) } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const values = (raw: string[], name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === name);

function refusesFraming(raw: string[], what: string) {
  expect(values(raw, 'x-frame-options'), what).toEqual(['DENY']);
  expect(values(raw, 'content-security-policy'), what).toHaveLength(1);
  expect(values(raw, 'content-security-policy')[0], what).toMatch(/frame-ancestors 'none'/);
  expect(values(raw, 'cross-origin-opener-policy'), what).toEqual(['same-origin']);
  expect(values(raw, 'x-content-type-options'), what).toEqual(['nosniff']);
  expect(values(raw, 'referrer-policy'), what).toEqual(['no-referrer']);
}

describe('nginx in front of the back office (deploy/nginx.conf)', () => {
  let up: Awaited<ReturnType<typeof gateway>>;
  let live: Nginx;
  let dead: Nginx;

  beforeAll(async () => {
    up = await gateway();
    live = await Nginx.start(await freePort(), [up.url]);
    // In front of a gateway that is not there: every answer is nginx's own.
    dead = await Nginx.start(await freePort(), [`http://127.0.0.1:${await freePort()}`]);
  });
  afterAll(async () => {
    await live?.close();
    await dead?.close();
    await up?.close();
  });

  it('adds nothing to a gateway’s answer that has the headers: one policy, the page’s own', async () => {
    const page = await get(`${live.url}/admin/page`);
    refusesFraming(page.raw, 'the page');
    expect(values(page.raw, 'content-security-policy')).toEqual([PAGE_POLICY]);
  });

  it('adds them to an /admin answer without them, whatever the case of the path', async () => {
    for (const p of ['/admin/bare', '/Admin/bare', '/ADMIN', '/admin']) refusesFraming((await get(`${live.url}${p}`)).raw, p);
    // Not the storefront's answers (its pages set their own headers; its pictures and the simulator need none of these).
    expect(values((await get(`${live.url}/administrator`)).raw, 'cross-origin-opener-policy')).toEqual([]);
  });

  it('refuses framing on what nginx answers itself: no gateway (502), too large a body (413)', async () => {
    for (const p of ['/admin/', '/admin/files/catalogue.csv', '/ADMIN/assets/missing.js']) {
      const res = await get(`${dead.url}${p}`);
      expect(res.status, p).toBe(502);
      refusesFraming(res.raw, p);
    }
    const big = await get(`${live.url}/admin/files/catalogue-import`, 'POST', Buffer.alloc(200 * 1024, 'a'));
    expect(big.status).toBe(413);
    refusesFraming(big.raw, 'a body over client_max_body_size');
  });
});
