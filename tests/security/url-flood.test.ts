import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/shop-client';
import { type Stack, startStack } from '../support/stack';

// Regression: 3,000 requests for /product with made-up query strings each rendered the page anew
// and cached it under its own key, taking the gateway from 164 MiB to 865 MiB resident and
// pushing the popular pages out of the cache.

const FLOOD = 10_000;
/** Searches, each a page rendered anew (a search's page is never cached). */
const SEARCH_FLOOD = 600;
const CONCURRENCY = 16;
const POPULAR = ['/', '/product', '/product?sort=price', '/blogs'];

let stack: Stack;
beforeAll(async () => {
  // Pages stay cached for the whole run, however long the flood takes on a busy machine.
  stack = await startStack({ basePort: 4990, web: true, gatewayEnv: { PAGE_CACHE_S: '600', LOG_SILENT: '0', LOG_LEVEL: 'warn' } });
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
          const res = await page(`/product?x=${n}-${Math.random().toString(36).slice(2)}&utm_source=${n}`);
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

  it('of searches: each rendered, none kept, so neither the gateway swells nor the popular pages go', async () => {
    for (const url of POPULAR) expect((await page(url)).status, url).toBe(200);
    const before = stack.residentMiB('gateway0') ?? 0;
    let next = 0;
    let cached = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SEARCH_FLOOD) {
          const n = next++;
          const res = await page(`/product?q=${Math.random().toString(36).slice(2)}+${n}`);
          if (res.headers.get('x-render-cache') !== 'miss' || res.status !== 200) {
            cached += 1;
            console.log(`search page ${res.status} ${res.headers.get('x-render-cache')}`);
          }
          await res.arrayBuffer();
        }
      }),
    );
    const after = stack.residentMiB('gateway0') ?? Number.POSITIVE_INFINITY;
    console.log(`gateway resident: ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after ${SEARCH_FLOOD} searches`);
    // A page served as the app shell says why in the gateway's log.
    if (cached > 0)
      console.log(
        stack
          .output('gateway0')
          .split('\n')
          .filter((line) => line.includes('app shell') || line.includes('UPSTREAM-DIAG'))
          .join('\n'),
      );
    expect(cached).toBe(0);
    expect(after).toBeLessThan(250);
    for (const url of POPULAR) expect((await page(url)).headers.get('x-render-cache'), url).toBe('hit');
  });
});

// Regression: `//x1/product`, `/bLoGs`, `/blogs/` and `/product?category=<anything>` each rendered a 200 page
// that took a cache entry of its own (and `//x1/product` was rendered as a URL of the host x1): 1,500 such
// addresses took the gateway from 82 to 273 MiB resident.

const SHAPED_FLOOD = 2_400;
/** A Location that is a path on this site: one "/", then no second "/" or "\" (which would make it a host). */
const onThisSite = /^\/(?![/\\])/;

interface Answer {
  status: number;
  location: string | undefined;
  cache: string | undefined;
}
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
afterAll(() => agent.destroy());
/** The path exactly as written: fetch would read `/\x` as `//x` and resolve `/x/../`, as browsers do. */
const raw = (path: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = request(`${stack.shops[0]}/`, { path, agent, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          cache: res.headers['x-render-cache'] as string | undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });

const word = () => Math.random().toString(36).slice(2, 10);
/** Mixed case, never all lower case (its first letter is upper). */
const mixed = (s: string) => {
  let first = true;
  return s.replace(/[a-z]/g, (c) => {
    const upper = first || Math.random() < 0.5;
    first = false;
    return upper ? c.toUpperCase() : c;
  });
};

/** Other spellings of the shop's pages, each of which used to render and be cached apart. */
const respelled: ((n: number, id: string) => string)[] = [
  (n) => `//x${n}/product`,
  (n) => `/\\x${n}/product`,
  (n) => `//x${n}.example`,
  (n) => `${'/'.repeat(2 + (n % 5))}product?sort=price&n=${n}`,
  (n) => `/x${n}/../product`,
  (n) => `/blogs${'/'.repeat(1 + (n % 40))}`,
  () => mixed('/blogs'),
  () => mixed('/product'),
  (n) => `/product${'/'.repeat(1 + (n % 40))}?category=${word()}`,
  (_, id) => `/product/${mixed(id)}`,
  () => `/blog/${randomUUID().toUpperCase()}`,
];
/** Addresses of pages that are not the shop's own: they show, but are not cached. */
const madeUp: ((n: number) => string)[] = [
  () => `/product?category=${word()}`,
  () => `/product?brand=${word()}`,
  () => `/product?brand=`,
  () => `/product?tag=${word()}`,
  (n) => `/product?page=${1_000 + n}`,
  (n) => `/product?page=0${n}`,
  (n) => `/product?min=${n}`,
  (n) => `/product?max=${n}&sort=price`,
  (n) => `/product?grid=${100 + n}`,
  () => `/product?sort=${word()}`,
  (n) => `/%2Fproduct${n}`,
  () => `/product/${randomUUID()}`,
];

describe('a flood of other spellings and made-up filters', () => {
  it('is redirected on this site or rendered uncached, without swelling the gateway', { timeout: 600_000 }, async () => {
    const shop = stack.shops[0] as string;
    const { data } = await gql<{ products: { items: { id: string }[] }; productFacets: { categories: string[] } }>(
      shop,
      '{ products(pageSize: 1) { items { id } } productFacets { categories } }',
    );
    const id = data?.products.items[0]?.id;
    const category = data?.productFacets.categories[0];
    if (!id || !category) throw new Error('the catalogue did not answer');
    for (const url of POPULAR) expect((await raw(url)).status, url).toBe(200);
    const before = stack.residentMiB('gateway0') ?? 0;

    const shapes = [...respelled.map((shape) => ({ shape, redirects: true })), ...madeUp.map((shape) => ({ shape, redirects: false }))];
    const redirected: Answer[] = [];
    const shown: string[] = [];
    const wrong: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SHAPED_FLOOD) {
          const n = next++;
          const { shape, redirects } = shapes[n % shapes.length] as (typeof shapes)[number];
          const path = shape(n, id);
          const res = await raw(path);
          if (redirects ? res.status !== 301 : ![200, 404].includes(res.status)) wrong.push(`${path}: ${res.status}`);
          if (res.location !== undefined && !onThisSite.test(res.location)) wrong.push(`${path} went to ${res.location}`);
          if (res.status === 301) redirected.push(res);
          else shown.push(path);
        }
      }),
    );
    const after = stack.residentMiB('gateway0') ?? Number.POSITIVE_INFINITY;
    console.log(
      `gateway resident: ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after ${SHAPED_FLOOD} respelled and made-up addresses`,
    );
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(after).toBeLessThan(250);

    // Each made-up address is rendered again when asked for again: none took a place in the cache.
    const again = shown.filter((_, i) => i % 20 === 0);
    for (const path of again) expect((await raw(path)).cache, path).toBe('miss');
    // One redirect leads to the page's one spelling, which answers itself.
    for (const { location } of redirected.filter((_, i) => i % 40 === 0)) {
      const landed = await raw(location as string);
      expect([200, 404], location).toContain(landed.status);
    }
    // Only the first value of a parameter counts: a second one is no new page.
    await raw(`/product?category=${encodeURIComponent(category)}`);
    const repeated = await raw(`/product?category=${encodeURIComponent(category)}&category=${word()}`);
    expect(repeated.cache).toBe('hit');
    for (const url of POPULAR) expect((await raw(url)).cache, url).toBe('hit');
  });
});
