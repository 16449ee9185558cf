import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/shop-client';
import { type Stack, startStack } from '../support/stack';

// Each catalogue page is rendered once: its data (the shell's and the page's, lib/page-data.ts) is
// fetched first, and no query is asked for while React renders. The page cache is off, so every
// request renders.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ basePort: 5000, web: true, gatewayEnv: { GATEWAY_RESPONSE_CACHE: 'off' } });
});
afterAll(() => stack?.close());

describe('server rendering', () => {
  it('renders every catalogue page in one pass, with nothing asked for during the render', async () => {
    const shop = stack.shops[0] as string;
    const { data } = await gql<{ products: { items: { id: string }[] }; blogs: { id: string }[] }>(
      shop,
      '{ products(pageSize: 1) { items { id } } blogs { id } }',
    );
    if (!data) throw new Error('the catalogue did not answer');
    const pages = [
      '/',
      '/product',
      '/product?sort=price&category=Laptops&page=2',
      `/product/${data.products.items[0]?.id}`,
      '/product/00000000-0000-4000-8000-000000000000',
      '/blogs',
      `/blog/${data.blogs[0]?.id}`,
      '/contact',
      '/about',
      '/compare-product',
      '/term-conditions',
      '/no/such/page',
    ];
    for (const path of pages) {
      const res = await fetch(`${shop}${path}`, { headers: { accept: 'text/html' } });
      await res.text();
      expect(res.headers.get('server-timing'), path).toMatch(/^ssr;dur=[\d.]+;desc="1 render pass"$/);
    }
    // A page whose loadData missed a query would have said so in the gateway's log.
    expect(stack.output('gateway0')).not.toMatch(/while rendering; its loadData should fetch them first/);
  });
});
