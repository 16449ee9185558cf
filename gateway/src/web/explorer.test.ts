import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { EXPLORER_POLICY, explorerRoutes } from './explorer.js';

async function serve(dist: string) {
  const app = express().use(explorerRoutes(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) };
}

describe('the GraphQL explorer', () => {
  it('is on outside production, off in production unless GRAPHIQL=on (with introspection)', () => {
    const production = { NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig({}).explorerDist).toMatch(/explorer[/\\]dist$/);
    expect(loadConfig({ GRAPHIQL: 'off' }).explorerDist).toBeUndefined();
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'off' }).explorerDist).toBeUndefined();
    expect(loadConfig(production).explorerDist).toBeUndefined();
    expect(loadConfig({ ...production, GRAPHIQL: 'on', GRAPHQL_INTROSPECTION: 'on' }).explorerDist).toBeDefined();
    expect(() => loadConfig({ ...production, GRAPHIQL: 'on' })).toThrow(/GRAPHIQL=on needs GRAPHQL_INTROSPECTION=on/);
  });

  it("sends /graphiql to /graphiql/, keeping the query, and says how to build it when it isn't", async () => {
    const shop = await serve(mkdtempSync(path.join(tmpdir(), 'explorer-')));
    try {
      const moved = await fetch(`${shop.url}/graphiql?x=1`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('/graphiql/?x=1');
      const page = await fetch(`${shop.url}/graphiql/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toMatch(/npm run build/);
      expect(page.headers.get('content-security-policy')).toBe(EXPLORER_POLICY);
    } finally {
      await shop.close();
    }
  });

  it('allows scripts, workers and calls from its own origin only', () => {
    const directives = new Map(EXPLORER_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });
});
