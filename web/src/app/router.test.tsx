import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { describePage as pageOf } from '../entry-server';
import { type PageHandle, routes } from './router';

const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);

describe('the routes', () => {
  it('load a component for every lazy page', async () => {
    const lazy = all(routes).filter((r) => typeof r.lazy === 'function');
    expect(lazy.length).toBeGreaterThanOrEqual(20);
    for (const route of lazy) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, String(route.path)).toBe('function');
    }
  });

  it("prefetch each lazy page's own module: the one its route shows, with the data its server render fetches", async () => {
    for (const route of all(routes).filter((r) => typeof r.lazy === 'function')) {
      const handle = route.handle as PageHandle;
      const module = (await (handle.prefetch as NonNullable<PageHandle['prefetch']>)()) as Record<string, unknown>;
      const { Component } = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(Object.values(module), String(route.path)).toContain(Component);
    }
    const byPath = (p: string) => all(routes).find((r) => r.path === p)?.handle as PageHandle;
    for (const p of ['product', 'product/:id', 'blogs', 'blog/:id'])
      expect(typeof (await byPath(p).prefetch?.())?.loadData, p).toBe('function');
  });

  it('tell the server which module a page is and whether it renders it', () => {
    expect(pageOf('/product')).toEqual({
      modules: ['src/features/store/store-page.tsx'],
      serverRendered: true,
      query: ['brand', 'category', 'color', 'country', 'grid', 'max', 'min', 'page', 'q', 'sort', 'tag'],
    });
    expect(pageOf('/blog/abc')).toEqual({ modules: ['src/features/blog/blog-page.tsx'], serverRendered: true, query: [] });
    expect(pageOf('/')).toEqual({ modules: [], serverRendered: true, query: [] });
    expect(pageOf('/no/such/page')).toEqual({ modules: [], serverRendered: true, query: [] });
    for (const path of [
      '/cart',
      '/checkout',
      '/my-orders',
      '/my-profile',
      '/wishlist',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password/t',
      '/undo-email-change/t',
    ]) {
      expect(pageOf(path).serverRendered, path).toBe(false);
    }
  });
});
