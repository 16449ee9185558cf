import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, gql, type ListedProduct, newShopper, products, type Shopper, uniqueEmail } from '../support/shop-client';
import { localRedis, type Stack, startStack } from '../support/stack';

// The shop behind nginx with deploy/nginx.conf's server block, as compose.yaml runs it (only the
// upstream's addresses and the listening port changed, tests/support/nginx.ts): two gateways, one
// api, Redis when one answers (the gateways then share sign-in limits and the response cache).

const redis = await localRedis();
const NGINX_PORT = 5499;

/** graphql_operations_total of one operation name on one gateway (asked directly, not through nginx). */
async function operations(gateway: string, name: string): Promise<number> {
  const text = await (await fetch(`${gateway}/metrics`)).text();
  let n = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`graphql_operations_total{operation="${name}"`)) n += Number(line.split(' ').pop());
  }
  return n;
}

/** POSTs a GraphQL operation through nginx from one local address (127.0.0.x), as a client there would. */
function postFrom(
  url: string,
  from: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { data?: unknown; errors?: { extensions?: { code?: string } }[] } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/graphql`,
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as never }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('the shop behind nginx (deploy/nginx.conf)', () => {
  let stack: Stack;
  let shop: string;
  let catalogue: ListedProduct[];

  beforeAll(async () => {
    stack = await startStack({ basePort: 5450, apis: 1, gateways: 2, web: true, nginxPort: NGINX_PORT, redisUrl: redis ?? undefined });
    shop = stack.url as string;
    catalogue = await products(shop, 10);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('spreads requests over both gateways', async () => {
    const name = `Spread_${Date.now().toString(36)}`;
    const s = await newShopper(shop, 'nginx-spread');
    await Promise.all(Array.from({ length: 40 }, () => gql(shop, `query ${name} { cart { lineCount } }`, {}, { token: s.token })));
    const [a, b] = await Promise.all(stack.shops.map((g) => operations(g, name)));
    expect((a ?? 0) + (b ?? 0)).toBe(40);
    expect(a).toBeGreaterThanOrEqual(10);
    expect(b).toBeGreaterThanOrEqual(10);
  });

  it('sends new requests to the less busy gateway (least_conn), not in turn', async () => {
    const name = `Busy_${Date.now().toString(36)}`;
    const s = await newShopper(shop, 'nginx-busy');
    // Gateway 0's api answers slowly: its requests pile up while gateway 1's come back at once.
    stack.apiProxies[0]?.set({ kind: 'slow', ms: 1500 });
    try {
      const until = Date.now() + 4000;
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          while (Date.now() < until) {
            const r = await gql(shop, `query ${name} { cart { lineCount } }`, {}, { token: s.token });
            expect(r.errors).toBeUndefined();
          }
        }),
      );
    } finally {
      stack.apiProxies[0]?.set({ kind: 'pass' });
    }
    const [slow = 0, fast = 0] = await Promise.all(stack.shops.map((g) => operations(g, name)));
    // In turn, half would have gone to the slow gateway; by least connections, only while it had as few.
    expect(fast).toBeGreaterThan(10 * slow);
  });

  it('keeps the shop up while a gateway stops in the middle of shopping: every read retried, no mutation lost', async () => {
    interface Sent {
      shopper: number;
      what: string;
      method: 'GET' | 'POST';
      status: number;
      error: string | null;
      at: number;
    }
    const sent: Sent[] = [];
    const record = async (
      shopper: number,
      what: string,
      method: Sent['method'],
      run: () => Promise<{ status: number; errors?: unknown }>,
    ) => {
      const at = Date.now();
      const r = await run().catch((e: Error) => ({ status: 0, errors: e.message }));
      const error = r.status !== 200 || r.errors ? `${r.status} ${JSON.stringify(r.errors ?? null).slice(0, 300)}` : null;
      sent.push({ shopper, what, method, status: r.status, error, at });
      return r;
    };
    // As the storefront sends them: queries as GET (nginx may retry those), mutations as POST.
    const getQuery = async (query: string, token?: string) => {
      const res = await fetch(`${shop}/graphql?query=${encodeURIComponent(query)}`, {
        headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      const body = (await res.json().catch(() => ({}))) as { errors?: unknown };
      return { status: res.status, errors: body.errors };
    };
    const shoppers: Shopper[] = await Promise.all(Array.from({ length: 6 }, (_, i) => newShopper(shop, `nginx-stop-${i}`)));
    const until = Date.now() + 8000;
    let signalled = 0;
    let exited = 0;
    const stopping = new Promise((r) => setTimeout(r, 2500)).then(async () => {
      signalled = Date.now();
      const code = await stack.signal('gateway0', 'SIGTERM');
      exited = Date.now();
      return code;
    });
    let n = 0;
    await Promise.all(
      shoppers.map(async (s, i) => {
        while (Date.now() < until) {
          const product = catalogue[(i + n++) % catalogue.length] as ListedProduct;
          await record(i, 'product', 'GET', () => getQuery(`{ product(id: "${product.id}") { id title } }`));
          const added = await record(i, 'addToCart', 'POST', () => addToCart(shop, s.token, product, 1));
          const line = (added as { data?: { addToCart: { lines: { id: string }[] } } | null }).data?.addToCart.lines[0];
          if (line) {
            await record(i, 'removeCartLine', 'POST', () =>
              gql(shop, 'mutation($l: ID!) { removeCartLine(lineId: $l) { lineCount } }', { l: line.id }, { token: s.token }),
            );
          }
          await record(i, 'cart', 'GET', () => getQuery('{ cart { lineCount } }', s.token));
        }
      }),
    );
    expect(await stopping).toBe(0);
    const failed = sent.filter((r) => r.error);
    const said = `${failed.length} of ${sent.length} requests failed:\n${failed
      .slice(0, 10)
      .map((r) => `${r.method} ${r.what} at +${r.at - signalled} ms: ${r.error}`)
      .join('\n')}\n--- nginx said:\n${stack.nginx?.output.join('').slice(-3000)}`;
    console.log(`gateway stopped mid-run: ${sent.length} requests, ${failed.length} failed (stop took ${exited - signalled} ms)`);
    expect(sent.length).toBeGreaterThan(300);
    // Reads never fail: a read that met the stopping gateway was sent to the other one.
    expect(
      failed.filter((r) => r.method === 'GET'),
      said,
    ).toEqual([]);
    // The shop stays up: nothing sent after the gateway was gone failed.
    expect(
      failed.filter((r) => r.at >= exited),
      said,
    ).toEqual([]);
    // nginx never re-sends a POST it may have sent: one caught on a connection at the instant the gateway
    // closed it is answered 502 by nginx (the shopper sees "try again"), never a gateway's own error.
    // That instant's race is all that may remain (at most a request or two in a run, most runs none).
    for (const r of failed) expect(r.status, said).toBe(502);
    expect(failed.length, said).toBeLessThanOrEqual(2);
    // Nothing lost or doubled: what each cart still holds is a line whose removal got no answer.
    for (const [i, s] of shoppers.entries()) {
      const cart = await gql<{ cart: { lineCount: number } }>(shop, '{ cart { lineCount } }', {}, { token: s.token });
      const unanswered = failed.filter((r) => r.shopper === i && r.what === 'removeCartLine').length;
      expect(cart.data?.cart.lineCount).toBeLessThanOrEqual(unanswered);
    }
  }, 60_000);

  it('answers 404 for /metrics, which each gateway serves to Prometheus directly', async () => {
    const through = await fetch(`${shop}/metrics`);
    expect(through.status).toBe(404);
    expect(await through.text()).not.toContain('graphql_operations_total');
    const direct = await fetch(`${stack.shops[1]}/metrics`);
    expect(direct.status).toBe(200);
  });

  it('keeps a caller’s well-formed X-Request-Id and makes one for a malformed one', async () => {
    const kept = await fetch(`${shop}/health`, { headers: { 'x-request-id': 'order-check_42' } });
    expect(kept.headers.get('x-request-id')).toBe('order-check_42');
    const made = await fetch(`${shop}/health`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('passes the assets’ compression and cache headers through as the gateways send them', async () => {
    const page = await fetch(`${shop}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const encoding of ['br', 'gzip']) {
      const viaNginx = await fetch(`${shop}${script}`, { headers: { 'accept-encoding': encoding } });
      const direct = await fetch(`${stack.shops[1]}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(viaNginx.status).toBe(200);
      expect(viaNginx.headers.get('content-encoding')).toBe(encoding);
      expect(viaNginx.headers.get('cache-control')).toBe(direct.headers.get('cache-control'));
      expect(viaNginx.headers.get('cache-control')).toContain('immutable');
      expect(viaNginx.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(viaNginx.headers.get('etag')).toBe(direct.headers.get('etag'));
      expect(await viaNginx.text()).toBe(await direct.text());
    }
    const missing = await fetch(`${shop}/assets/no-such-file-1234.js`);
    expect(missing.status).toBe(404);
  });

  describe.runIf(redis)('sign-in limits by the client’s address (X-Forwarded-For from nginx, TRUST_PROXY on the gateways)', () => {
    const wrongLogin = (email: string) => ({
      query: 'mutation($i: LoginInput!) { login(input: $i) { token } }',
      variables: { i: { email, password: 'not the password' } },
    });

    it('limits the client that failed too often, whichever gateway answered, and no other client', async () => {
      // 20 failed sign-ins from 127.0.0.2, to accounts of their own (the per-account limit is 5).
      for (let i = 0; i < 20; i++) {
        const r = await postFrom(shop, '127.0.0.2', wrongLogin(uniqueEmail('xff')));
        expect(r.json.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
      const limited = await postFrom(shop, '127.0.0.2', wrongLogin(uniqueEmail('xff')));
      expect(limited.status).toBe(429);
      expect(limited.json.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // A forged X-Forwarded-For does not make it another client: nginx sets the header from the connection.
      const forged = await postFrom(shop, '127.0.0.2', wrongLogin(uniqueEmail('xff')), { 'x-forwarded-for': '203.0.113.9' });
      expect(forged.status).toBe(429);
      // Another client, behind the same nginx, is not limited.
      const other = await postFrom(shop, '127.0.0.3', wrongLogin(uniqueEmail('xff')));
      expect(other.json.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
