import { print } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { canonicalPath, describePage, render } from './entry-server';
import { createMockApi } from './mocks/mock-api';
import type { Execute } from './server-contract';

// Regression: `//x1/product`, `/bLoGs`, `/blogs/` and `/product/ABC…` each rendered a 200 page the gateway
// cached under a key of its own; `//x1/product` was even read as a URL of the host x1.

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const onePath = /^\/(?![/\\])/;

describe('the one spelling of a page', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/blogs', '/blogs'],
    ['/bLoGs', '/blogs'],
    ['/BLOGS/', '/blogs'],
    ['/blogs//', '/blogs'],
    ['//blogs', '/blogs'],
    ['/%62logs', '/blogs'],
    ['/product/', '/product'],
    ['///product', '/product'],
    ['/\\product', '/product'],
    ['/x/../product', '/product'],
    ['/blogs/%2e%2e/product', '/product'],
    ['/./Product/.', '/product'],
    [`/product/${ID.toUpperCase()}`, `/product/${ID}`],
    [`/product/${ID}/`, `/product/${ID}`],
    [`//product//${ID}`, `/product/${ID}`],
    [`/Blog/${ID.toUpperCase()}`, `/blog/${ID}`],
    ['/product/AbC%2Fd', '/product/abc%2Fd'],
    ['/Term-Conditions/', '/term-conditions'],
    ['/Cart', '/cart'],
    // A browser's page keeps its parameters as written (a reset token is not a UUID).
    ['/reset-password/AbC', '/reset-password/AbC'],
    // Paths no route has keep their spelling, with one "/" between segments and never a host.
    ['//x1/product', '/x1/product'],
    ['/no/such/page/', '/no/such/page/'],
    ['/%2Fproduct', '/%2Fproduct'],
    ['//evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['/\\/evil.example', '/evil.example'],
  ])('%s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it('is a path on this site that is its own spelling, however a page is spelled', () => {
    const pages = ['/', '/product', `/product/${ID}`, '/blogs', `/blog/${ID}`, '/about', '/privacy-policy', '/compare-product'];
    const spellings = (page: string): string[] => [
      page.toUpperCase(),
      page.replace(/[a-z]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c)),
      `${page}/`,
      `${page}//`,
      `//${page}`,
      `///${page}/`,
      page.replace(/\//g, '//'),
      page.replace(/\//g, '\\'),
      `/x/..${page}`,
      `/%2e${page}`,
      page.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    ];
    for (const page of pages) {
      expect(canonicalPath(page), page).toBe(page);
      for (const path of spellings(page)) {
        const canonical = canonicalPath(path);
        expect(canonical, path).toBe(page);
        expect(describePage(canonical).modules, path).toEqual(describePage(page).modules);
      }
    }
    // The router warns of a segment it cannot decode (%E0%A4) and matches it as written.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const path of [
      '//x1/product',
      '/%2F%2Fevil',
      '/\t/evil',
      '/a/b/../../..//evil',
      '/%5C%5Cevil',
      '/%E0%A4',
      '/product/%E0%A4',
      '/a{b}',
    ]) {
      const canonical = canonicalPath(path);
      expect(canonical, path).toMatch(onePath);
      expect(canonicalPath(canonical), path).toBe(canonical);
    }
    vi.restoreAllMocks();
  });
});

// The store and the other pages rendered on the mock catalogue (Laptops, Apple, featured, …: src/mocks).
const shop = createMockApi();
const execute: Execute = ({ query, variables }) => shop.execute(print(query), variables, null);
const rendered = async (url: string) => {
  const result = await render({ url, origin: 'https://shop.example', execute, sanitize: (html) => html });
  if (result.kind !== 'page') throw new Error(`${url} redirected`);
  result.abort();
  return { status: result.status, cacheable: result.cacheable };
};

describe('what the gateway may cache', () => {
  it('is a page of the shop at its one spelling', async () => {
    for (const url of [
      '/',
      '/product',
      '/product?category=Laptops',
      '/product?brand=Apple&category=Laptops&sort=price',
      '/product?grid=6&sort=-title&tag=featured',
      '/blogs',
      '/about',
    ]) {
      expect(await rendered(url), url).toEqual({ status: 200, cacheable: true });
    }
  });

  it('is not an address the store does not link to, which still shows', async () => {
    for (const url of [
      '/product?category=Nope',
      '/product?brand=apple',
      '/product?tag=',
      '/product?min=10',
      '/product?max=99999',
      '/product?page=1',
      '/product?page=01',
      '/product?page=500',
      '/product?sort=-createdAt',
      '/product?sort=password',
      '/product?grid=4',
      '/product?grid=abc',
    ]) {
      expect(await rendered(url), url).toEqual({ status: 200, cacheable: false });
    }
  });

  it('is not another spelling of a page, nor a page that is not there', async () => {
    expect(await rendered('/bLoGs')).toEqual({ status: 200, cacheable: false });
    expect(await rendered('/blogs/')).toEqual({ status: 200, cacheable: false });
    expect(await rendered('/no/such/page')).toEqual({ status: 404, cacheable: false });
  });

  it('refuses an address that is not a path of this shop', async () => {
    for (const url of [
      '//evil.example/product',
      '/\\evil.example/product',
      '/\t/evil.example',
      'https://evil.example/product',
      'product',
    ]) {
      await expect(render({ url, origin: 'https://shop.example', execute, sanitize: (h) => h }), url).rejects.toThrow(RangeError);
    }
  });
});
