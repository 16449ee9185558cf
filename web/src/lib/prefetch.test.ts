import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mutationsMayGo as holdsMutations } from './apollo';
import { prefetchOnIntent, prefetchPage } from './prefetch';

// A page's code and data start loading on intent (hover, touch, focus), through the page module's own loadData.

function setUp() {
  const loadData = vi.fn(() => Promise.resolve());
  const prefetch = vi.fn(() => Promise.resolve({ loadData }));
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { path: 'product/:id', handle: { module: 'src/features/product/product-page.tsx', prefetch } },
        { path: 'about', handle: { module: 'src/features/info/about-page.tsx' } },
      ],
    },
  ];
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  return { routes, client, prefetch, loadData };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

describe('prefetching a page', () => {
  it("loads the page's module and its data once, with the link's parameters", async () => {
    const { routes, client, prefetch, loadData } = setUp();
    prefetchPage(routes, client, '/product/abc?x=1');
    prefetchPage(routes, client, '/product/abc?x=1');
    await vi.waitFor(() => expect(loadData).toHaveBeenCalledTimes(1));
    expect(prefetch).toHaveBeenCalledTimes(1);
    const args = (loadData.mock.calls[0] as unknown as [{ params: Record<string, string>; search: URLSearchParams }])[0];
    expect(args.params.id).toBe('abc');
    expect(args.search.get('x')).toBe('1');
  });

  it("holds mutations until the prefetched page's answers are in (they carry the shopper's state)", async () => {
    const { routes, client, loadData } = setUp();
    let answer: () => void = () => undefined;
    loadData.mockImplementationOnce(() => new Promise<void>((r) => (answer = r)));
    prefetchPage(routes, client, '/product/held');
    await vi.waitFor(() => expect(loadData).toHaveBeenCalledTimes(1));
    const order: string[] = [];
    const held = holdsMutations().then(() => order.push('mutation'));
    await new Promise((r) => setTimeout(r, 20));
    order.push('answer');
    answer();
    await held;
    expect(order).toEqual(['answer', 'mutation']);
  });

  it('leaves other sites and routes without anything to prefetch alone', () => {
    const { routes, client, prefetch } = setUp();
    prefetchPage(routes, client, 'https://elsewhere.example/product/abc');
    prefetchPage(routes, client, '/about');
    prefetchPage(routes, client, 'http://[bad');
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('tries again after a prefetch failed', async () => {
    const { routes, client } = setUp();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    ((routes[0]?.children?.[0] as RouteObject).handle as { prefetch: unknown }).prefetch = failing;
    prefetchPage(routes, client, '/product/again');
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    prefetchPage(routes, client, '/product/again');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it.each(['mouseover', 'touchstart', 'focusin'])('starts on %s over a link of the app, not on a link to a new window', async (type) => {
    const { routes, client, prefetch } = setUp();
    stop = prefetchOnIntent(routes, client);
    document.body.innerHTML = `<a href="/product/${type}"><span>card</span></a><a href="/product/${type}-new" target="_blank">new</a>`;
    document.querySelector('a[target] ')?.dispatchEvent(new Event(type, { bubbles: true }));
    expect(prefetch).not.toHaveBeenCalled();
    document.querySelector('span')?.dispatchEvent(new Event(type, { bubbles: true }));
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
  });
});
