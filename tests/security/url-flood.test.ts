import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/stack';

// Regression: 3,000 requests for /product with made-up query strings each rendered the page anew
// and cached it under its own key, taking the gateway from 164 MiB to 865 MiB resident and
// pushing the popular pages out of the cache.

const FLOOD = 10_000;
const CONCURRENCY = 16;
const POPULAR = ['/', '/product', '/product?sort=price', '/blogs'];

let stack: Stack;
beforeAll(async () => {
  // Pages stay cached for the whole run, however long the flood takes on a busy machine.
  stack = await startStack({ basePort: 4990, web: true, gatewayEnv: { PAGE_CACHE_S: '600' } });
});
afterAll(() => stack?.close());

const page = (url: string) => fetch(`${stack.shops[0]}${url}`, { headers: { accept: 'text/html' } });

describe('a flood of made-up addresses', () => {
  it('neither renders anew nor swells the gateway, and the popular pages stay cached', async () => {
    for (const url of POPULAR) expect((await page(url)).status, url).toBe(200);
    const before = stack.residentMiB('gateway0') ?? 0;
    let next = 0;
    let rendered = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < FLOOD) {
          const n = next++;
          const res = await page(`/product?q=${n}-${Math.random().toString(36).slice(2)}&utm_source=${n}`);
          if (res.headers.get('x-render-cache') === 'miss') rendered += 1;
          await res.arrayBuffer();
        }
      }),
    );
    const after = stack.residentMiB('gateway0') ?? Number.POSITIVE_INFINITY;
    console.log(`gateway resident: ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after ${FLOOD} made-up addresses`);
    // Every made-up address is the store's first page, already cached.
    expect(rendered).toBe(0);
    expect(after).toBeLessThan(250);
    for (const url of POPULAR) expect((await page(url)).headers.get('x-render-cache'), url).toBe('hit');
  });
});
