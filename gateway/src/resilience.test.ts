import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from './app.js';
import { loadConfig } from './config/env.js';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

/** A gateway over a stand-in upstream that misbehaves as told. */
async function gatewayOver(upstreamUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', SHOP_API_URL: upstreamUrl, UPSTREAM_TIMEOUT_MS: '300', ...env });
  const gateway = await createGateway(config);
  const listener = await new Promise<http.Server>((resolve) => {
    const s = gateway.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/graphql`;
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] },
    };
  };
  return {
    post,
    async close() {
      listener.closeAllConnections();
      await new Promise((done) => listener.close(done));
      await gateway.stop();
    },
  };
}

function stub(handler: http.RequestListener) {
  const server = http.createServer(handler);
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

describe('upstream failures become typed errors and the gateway stays up', () => {
  it('maps an upstream 500 to INTERNAL_SERVER_ERROR without upstream details', async () => {
    const upstream = await stub((_req, res) => {
      res
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ message: 'select * from secrets failed', code: 'INTERNAL' }));
    });
    const gw = await gatewayOver(upstream.url, { NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'y' });
    try {
      const res = await gw.post({ query: '{ blogs { id } }' });
      expect(res.body.errors?.[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expect(JSON.stringify(res.body)).not.toMatch(/secrets|127\.0\.0\.1|stacktrace|at /);
      expect(res.body.errors?.[0]?.extensions.requestId).toEqual(expect.any(String));
    } finally {
      await gw.close();
      await upstream.close();
    }
  });

  it('maps a timeout and a refused connection to UPSTREAM_UNAVAILABLE', async () => {
    const hanging = await stub(() => {});
    const slow = await gatewayOver(hanging.url);
    const refused = await gatewayOver('http://127.0.0.1:9/api');
    try {
      for (const gw of [slow, refused]) {
        const res = await gw.post({ query: '{ blogs { id } }' });
        expect(res.body.errors?.[0]?.extensions.code).toBe('UPSTREAM_UNAVAILABLE');
        expect(res.body.errors?.[0]?.message).toBe('The shop service is unreachable. Please try again shortly.');
        const again = await gw.post({ query: '{ shopInfo { name } }' });
        expect(again.body.data).toEqual({ shopInfo: { name: 'Digitic' } });
      }
    } finally {
      await slow.close();
      await refused.close();
      await hanging.close();
    }
  });
});

describe('production hardening', () => {
  let gw: Awaited<ReturnType<typeof gatewayOver>>;
  beforeAll(async () => {
    gw = await gatewayOver('http://127.0.0.1:9/api', { NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'y' });
  });
  afterAll(() => gw.close());

  it('turns introspection and field suggestions off', async () => {
    const intro = await gw.post({ query: '{ __schema { types { name } } }' });
    expect(intro.body.errors?.[0]?.message).toMatch(/introspection/i);
    const typo = await gw.post({ query: '{ shopInfo { nme } }' });
    expect(typo.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  it('refuses deep, aliased and costly operations before touching the api', async () => {
    const deep = await gw.post({ query: '{ cart { lines { product { reviews { id { a { b { c } } } } } } } }' });
    expect(deep.body.errors?.[0]?.message).toMatch(/depth/i);
    const aliases = await gw.post({ query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: shopInfo { name }`).join(' ')} }` });
    expect(aliases.body.errors?.[0]?.message).toMatch(/alias/i);
    const fields =
      'id title slug description price category brand tags images { url } colors { id title } reviews { id star comment authorName createdAt } rating reviewCount inStock createdAt';
    const costly = await gw.post({
      query: `{ ${Array.from({ length: 15 }, (_, i) => `p${i}: products(pageSize: 100) { items { ${fields} } facets { categories brands tags colors { id title } } }`).join(' ')} }`,
    });
    expect(costly.body.errors?.[0]?.message).toMatch(/cost/i);
  });
});

describe('limits, CSRF, caching and persisted queries on the real stack', () => {
  let real: TestGateway;
  beforeAll(async () => {
    real = await startTestGateway();
  });
  afterAll(() => real.close());

  const post = (body: unknown, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    fetch(`${real.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
  type Body = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  const json = async (res: Response | Promise<Response>) => (await (await res).json()) as Body;

  it('accepts the deepest operation the storefront needs', async () => {
    const res = await post({
      query: '{ myOrders { items { product { reviews { id } colors { id } } } } wishlist { products { colors { id } } } }',
    });
    // Past the depth and cost limits (not a 400); a guest then gets 401.
    expect(res.status).toBe(401);
    expect((await json(res)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('suggests field names outside production', async () => {
    const typo = await json(post({ query: '{ shopInfo { nme } }' }));
    expect(typo.errors?.[0]?.message).toMatch(/Did you mean "name"/);
  });

  it('refuses a batch of operations in one request', async () => {
    const res = await post([{ query: '{ shopInfo { name } }' }, { query: '{ shopInfo { phone } }' }]);
    expect(res.status).toBe(400);
  });

  it('blocks a cross-site simple request (CSRF prevention)', async () => {
    const res = await fetch(`${real.url}/graphql?query=${encodeURIComponent('{ shopInfo { name } }')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/CSRF|preflight/i);
  });

  it('answers a repeated anonymous catalogue read from the cache, never a signed-in one', async () => {
    const query = '{ products(pageSize: 3, sort: TITLE_ASC) { items { id title } totalCount } }';
    await post({ query });
    const before = real.api.requests.length;
    const hit = await post({ query });
    expect(hit.headers.get('cache-control')).toMatch(/max-age=60, public/);
    expect(real.api.requests.length).toBe(before);
    const token = 'not-a-real-token';
    await post({ query }, { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
    expect(real.api.requests.length).toBeGreaterThan(before);
  });

  it("caches a guest's catalogue read with wishlist hearts (always false for a guest); a customer's answer is private", async () => {
    const query = '{ popularProducts(first: 2) { id inWishlist } }';
    await post({ query });
    const before = real.api.requests.length;
    const hit = await post({ query });
    expect(hit.headers.get('cache-control')).toMatch(/max-age=60, public/);
    expect(real.api.requests.length).toBe(before);
    const customer = await signUp(real);
    const mine = await post({ query }, { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}` });
    expect(mine.headers.get('cache-control')).toMatch(/private/);
    expect(real.api.requests.length).toBeGreaterThan(before);
  });

  it('supports automatic persisted queries', async () => {
    const query = '{ shopInfo { currencyPrefix } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const miss = await json(post({ extensions }));
    expect(miss.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    await post({ query, extensions });
    const hit = await json(post({ extensions }));
    expect(hit.data).toEqual({ shopInfo: { currencyPrefix: 'Rs.' } });
  });

  it('serves Apollo Sandbox at /graphql to a browser outside production', async () => {
    const res = await fetch(`${real.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/Apollo Sandbox|embeddable-sandbox/i);
  });
});
