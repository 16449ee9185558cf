import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, gql, newShopper, products, startCheckout } from '../support/shop-client';
import { localPostgres, type Stack, startStack } from '../support/stack';

// The built shop's edges as an attacker meets them: paths the gateway forwards upstream, the api's internal
// routes, and a cart's checkout started several times at once (issue #25, holes 2, 6 and 9). Each attack is
// tried in several spellings, sent as they are (no client normalising the path first).

const INTERNAL = 'an-internal-token-of-at-least-thirty-two-characters';
let stack: Stack;
let shop: string;
let api: string;
beforeAll(async () => {
  stack = await startStack({
    basePort: 4900,
    production: true,
    postgresAdminUrl: (await localPostgres()) ?? undefined,
    // The internal routes exist (on PostgreSQL only with a token set), to be attacked.
    apiEnv: { INTERNAL_TOKEN: INTERNAL },
  });
  shop = stack.shops[0] as string;
  api = stack.apis[0] as string;
});
afterAll(async () => {
  await stack?.close();
});

interface Raw {
  status: number;
  text: string;
  type: string;
}
/** One request with its path exactly as written (curl --path-as-is): fetch would resolve the dots first. */
function raw(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
  const url = new URL(base);
  return new Promise<Raw>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          type: String(res.headers['content-type'] ?? ''),
        }),
      );
    });
    // The api may answer before it has read a large body, and close: the answer is what counts.
    req.on('error', reject);
    req.end(init.body);
  });
}

describe("the gateway's forwarded routes", () => {
  // Regression: /api/images/%2e%2e/product?limit=100 answered the api's internal product records; …/metrics
  // and …/health its metrics and health.
  const walkOuts = [
    '/api/images/%2e%2e/product?limit=100',
    '/api/images/%2E%2E/product',
    '/api/images/.%2e/product',
    '/api/images/%2e%2e/%2e%2e/metrics',
    '/api/images/%2e%2e/health',
    '/api/images/product/..%2f..%2fproduct',
    '/api/images/product/%2e%2e%2f%2e%2e%2fproduct',
    '/api/images/product/..%5c..%5cproduct',
    '/api/images/product/%252e%252e/product',
    '/api/images/product//..//product',
    '/api/images/product/laptop-black-1.svg/../../../product',
    '/payment-simulator/%2e%2e/v1/orders',
    '/payment-simulator/sim/orders/%2e%2e%2f%2e%2e%2fcontrol/pay',
  ];

  it.each(walkOuts)('refuses %s and shows nothing of the api or the simulator', async (p) => {
    const res = await raw(shop, p);
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toMatch(/"sold"|"quantity"|process_cpu|http_requests|"status":"ok"|order_/);
  });

  it('still serves the catalogue pictures it exists for', async () => {
    const res = await gql<{ products: { items: { images: { url: string }[] }[] } }>(
      shop,
      '{ products(pageSize: 1) { items { images { url } } } }',
    );
    const picture = res.data?.products.items[0]?.images[0]?.url as string;
    expect(picture).toMatch(/^\/api\/images\/product\/[a-z-]+-\d\.svg$/);
    for (const p of [picture, `${picture}?x=../../product`, `${picture}?limit=100`]) {
      const got = await raw(shop, p);
      // The query is never forwarded: the picture, whatever it says.
      expect(got.status, p).toBe(200);
      expect(got.type, p).toContain('image/svg+xml');
    }
  });
});

describe("the api's internal routes", () => {
  // Regression: a 15 MB JSON body was parsed before the token was checked, and a bearer of another byte
  // length (a non-ASCII character) answered 500, telling the token's length.
  const bearers = [
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${'a'.repeat(63)}é`,
    `Bearer ${'é'.repeat(32)}`,
    `Bearer ${'x'.repeat(4096)}`,
    'Basic Zm9vOmJhcg==',
  ];

  it.each(bearers.map((b) => [b.slice(0, 24), b]))('answers 401, never 500, to the authorization "%s…"', async (prefix, header) => {
    for (const path of ['/api/internal/backup', '/api/internal/commands/seed', '/api/internal/anything']) {
      const res = await raw(api, path, {
        method: path.includes('commands') ? 'POST' : 'GET',
        headers: header ? { authorization: header } : {},
      });
      expect(res.status, `${path} with ${prefix}`).toBe(401);
    }
  });

  it('refuses a caller without the token before reading its body, however large or broken', async () => {
    for (const body of ['{"broken', Buffer.alloc(15 * 1024 * 1024, 0x20), JSON.stringify({ a: 'x'.repeat(15 * 1024 * 1024) })]) {
      const res = await raw(api, '/api/internal/commands/seed', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' },
        body,
      });
      // 400 (bad JSON) or 413 (too large) would mean the body was read first.
      expect(res.status).toBe(401);
    }
    // The right token still gets through to the command, which then reads the body.
    const right = await raw(api, '/api/internal/commands/no-such-command', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${INTERNAL}` },
      body: '{}',
    });
    expect(right.status).toBe(404);
    expect(right.text).toContain('No command no-such-command');
  });
});

describe('one cart, one charge', () => {
  // Regression: four startCheckout calls at once for one cart gave four provider orders, each payable.
  it('gives checkouts started at once for one cart the same provider order', async () => {
    const shopper = await newShopper(shop, 'double-click');
    const [product] = await products(shop, 1);
    expect((await addToCart(shop, shopper.token, product as NonNullable<typeof product>)).errors).toBeUndefined();
    const starts = await Promise.all(Array.from({ length: 5 }, () => startCheckout(shop, shopper.token)));
    const ids = new Set(starts.map((s) => s.data?.startCheckout.providerOrderId));
    // A start that had to wait its turn may be told to try again (409); none may make an order of its own.
    for (const s of starts) if (!s.data) expect(s.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    ids.delete(undefined);
    expect(ids.size).toBe(1);
    // And again afterwards, in turn: still the one order.
    const again = await startCheckout(shop, shopper.token);
    expect(again.data?.startCheckout.providerOrderId).toBe([...ids][0]);
  });
});
