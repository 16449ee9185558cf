import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test/harness.js';

// Regression: the picture route handed its whole path to the proxy, which fetched target + req.url, and the
// URL parser resolved encoded dots: /api/images/%2e%2e/product?limit=100 answered the api's internal
// records (exact stock, reviewers' ids), /api/images/%2e%2e/%2e%2e/metrics its metrics.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** A request with its path exactly as written (fetch would resolve the dots itself, as curl --path-as-is does not). */
function raw(path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method, headers: { accept: '*/*' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const sentUpstream = () => gw.api.requests.filter((r) => !r.startsWith('GET /api/health'));

describe('the picture route', () => {
  it('serves a picture of the catalogue', async () => {
    const res = await raw('/api/images/product/laptop-black-1.svg');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<svg');
    expect((await raw('/api/images/blog/camera-2.svg')).status).toBe(200);
  });

  it.each([
    '/api/images/%2e%2e/product?limit=100',
    '/api/images/%2E%2E/product?limit=100',
    '/api/images/.%2e/product',
    '/api/images/%2e./product',
    '/api/images/../product?limit=100',
    '/api/images/product/../../product',
    '/api/images/%2e%2e/%2e%2e/metrics',
    '/api/images/%2e%2e/health',
    '/api/images/%2e%2e%2fproduct',
    '/api/images/..%2fproduct',
    '/api/images/..%5cproduct',
    '/api/images/..\\product',
    '/api/images/%252e%252e/product',
    '/api/images/product/laptop-black-1.svg/..',
    '/api/images/product//laptop-black-1.svg',
    '/api/images/product/./laptop-black-1.svg',
    '/api/images/product/laptop-black-1.svg%00',
  ])('refuses %s with 404 and sends nothing upstream', async (path) => {
    const before = sentUpstream().length;
    const res = await raw(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toMatch(/"sold"|"quantity"|http_requests_total|"status":"ok"/);
    expect(sentUpstream().slice(before)).toEqual([]);
  });

  it('asks the api for the picture alone, whatever query string came with it', async () => {
    const before = sentUpstream().length;
    expect((await raw('/api/images/product/laptop-black-1.svg?x=../../product&limit=100')).status).toBe(200);
    expect(sentUpstream().slice(before)).toEqual(['GET /api/images/product/laptop-black-1.svg']);
  });
});

describe('the payment simulator’s passage', () => {
  it('lets the widget through, and nothing else of the simulator', async () => {
    expect((await raw('/payment-simulator/checkout.js')).status).toBe(200);
    for (const path of [
      '/payment-simulator/%2e%2e/v1/orders',
      '/payment-simulator/v1/orders',
      '/payment-simulator/sim/webhooks',
      '/payment-simulator/sim/orders/order_abc123/pay/../../webhooks',
      '/payment-simulator/checkout.js/..',
    ]) {
      expect((await raw(path)).status, path).toBe(404);
    }
  });
});

describe('ids that would walk out of their path upstream', () => {
  it.each(['..', '.', ''])('answers %j as unknown without asking the api for another path', async (id) => {
    const before = sentUpstream().length;
    const res = await gw.gql<{ blog: null }>('query($id: ID!) { blog(id: $id) { id } }', { id });
    expect(res.data?.blog ?? null).toBeNull();
    expect(sentUpstream().slice(before)).toEqual([]);
  });
});
