import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const list = (query: string) => api.http.get(`/api/product${query ? `?${query}` : ''}`);

describe('GET /api/product', () => {
  it('returns a plain array of products with the total in X-Total-Count', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(20);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(48);
    const p = res.body[0];
    expect(p).toMatchObject({ _id: expect.any(String), title: expect.any(String), price: expect.any(Number), tags: expect.any(Array) });
    expect(p.color[0]).toEqual({ _id: expect.any(String), title: expect.any(String), quantity: expect.any(Number) });
    expect(p.images[0].url).toMatch(/^\/api\/images\/product\/.+\.svg$/);
  });

  it('seeds at least 48 products across six categories with popular, featured and special tags', async () => {
    const facets = (await api.http.get('/api/product/facets')).body;
    expect(facets.categories).toEqual(['Cameras', 'Headphones', 'Laptops', 'TVs', 'Tablets', 'Watches']);
    expect(facets.tags).toEqual(expect.arrayContaining(['popular', 'featured', 'special']));
    expect(facets.brands.length).toBeGreaterThanOrEqual(12);
    const all = await list('limit=100');
    expect(all.body.length).toBeGreaterThanOrEqual(48);
    for (const p of all.body) expect(p.color.length).toBeGreaterThanOrEqual(2);
  });

  it('filters by category, brand, tag and price range', async () => {
    const res = await list('category=Laptops&brand=Apple&price[gte]=50000&price[lte]=200000&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const p of res.body) {
      expect(p).toMatchObject({ category: 'Laptops', brand: 'Apple' });
      expect(p.price).toBeGreaterThanOrEqual(50000);
      expect(p.price).toBeLessThanOrEqual(200000);
    }
    expect(Number(res.headers['x-total-count'])).toBe(res.body.length);
    const popular = await list('tags=popular&limit=100');
    expect(popular.body.length).toBeGreaterThan(0);
    for (const p of popular.body) expect(p.tags).toContain('popular');
    const strict = await list('price[gt]=2999&price[lt]=3000');
    expect(strict.body).toEqual([]);
  });

  it('filters by a colour in stock: only products with units of it', async () => {
    const all = (await list('limit=100')).body as { color: { _id: string; quantity: number }[] }[];
    const colour = all.flatMap((p) => p.color).find((c) => c.quantity > 0)?._id ?? '';
    const res = await list(`color=${colour}&limit=100`);
    expect(res.status).toBe(200);
    const inStock = all.filter((p) => p.color.some((c) => c._id === colour && c.quantity > 0));
    expect(res.body).toHaveLength(inStock.length);
    for (const p of res.body as typeof all) expect(p.color.find((c) => c._id === colour)?.quantity).toBeGreaterThan(0);
  });

  it.each([
    ['title', (a: { title: string }, b: { title: string }) => a.title.toLowerCase() <= b.title.toLowerCase()],
    ['price', (a: { price: number }, b: { price: number }) => a.price <= b.price],
    ['-price', (a: { price: number }, b: { price: number }) => a.price >= b.price],
    ['createdAt', (a: { createdAt: string }, b: { createdAt: string }) => a.createdAt <= b.createdAt],
    ['-createdAt', (a: { createdAt: string }, b: { createdAt: string }) => a.createdAt >= b.createdAt],
  ])('sorts by %s', async (sort, inOrder) => {
    const res = await list(`sort=${sort}&limit=100`);
    expect(res.status).toBe(200);
    for (let i = 1; i < res.body.length; i++) expect(inOrder(res.body[i - 1], res.body[i])).toBe(true);
  });

  it('sorts by -title from Z to A', async () => {
    const res = await list('sort=-title&limit=3');
    const asc = await list('sort=title&limit=100');
    expect(res.body[0].title).toBe(asc.body.at(-1).title);
  });

  it('paginates without overlap and caps the page size', async () => {
    const one = await list('sort=price&limit=10&page=1');
    const two = await list('sort=price&limit=10&page=2');
    const ids = new Set([...one.body, ...two.body].map((p: { _id: string }) => p._id));
    expect(ids.size).toBe(20);
    expect((await list('limit=101')).status).toBe(400);
    const past = await list('limit=10&page=999');
    expect(past.body).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBeGreaterThanOrEqual(48);
  });

  it('searches titles case-insensitively, paginated', async () => {
    const res = await list('search=maCbOoK&limit=1');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].title.toLowerCase()).toContain('macbook');
    expect(Number(res.headers['x-total-count'])).toBe(2);
    const page2 = await list('search=macbook&limit=1&page=2');
    expect(page2.body[0]._id).not.toBe(res.body[0]._id);
    const wildcard = await list('search=%25');
    expect(wildcard.body).toEqual([]);
  });

  it.each([
    ['brand[$ne]=x', 'Unknown query parameter "brand[$ne]"'],
    ['price[$gt]=1', 'Unknown query parameter "price[$gt]"'],
    ['colour=red', 'Unknown query parameter "colour"'],
    ['color=red', 'Query parameter "color" must be a colour\'s id'],
    ['brand=a&brand=b', 'must be given once'],
    ['sort=password', 'Query parameter "sort" must be one of title, price, createdAt'],
    ['limit=0', 'between 1 and 100'],
    ['page=abc', 'must be a whole number'],
    ['price[gte]=-5', 'must be a whole number'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.code).toBe('BAD_REQUEST');
  });
});

describe('GET /api/product/:id', () => {
  it('returns the product with its colours', async () => {
    const [first] = (await list('limit=1')).body;
    const res = await api.http.get(`/api/product/${first._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: first._id, title: first.title, totalrating: 0, ratings: [] });
    expect(res.body.color.length).toBeGreaterThanOrEqual(2);
    expect(res.body.description).toMatch(/^<p>/);
  });

  it('answers 404 for an unknown and a malformed id', async () => {
    const unknown = await api.http.get('/api/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Product not found', code: 'NOT_FOUND' });
    const malformed = await api.http.get("/api/product/1' or '1'='1");
    expect(malformed.status).toBe(404);
  });
});

describe('GET /api/product/by-ids', () => {
  it('returns products in the order asked and skips unknown ids', async () => {
    const [a, b] = (await list('limit=2&sort=price')).body;
    const res = await api.http.get(`/api/product/by-ids?ids=${b._id},00000000-0000-4000-8000-000000000000,${a._id},${b._id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual([b._id, a._id]);
  });

  it('skips a malformed id and refuses too many ids', async () => {
    const [a] = (await list('limit=1')).body;
    const res = await api.http.get(`/api/product/by-ids?ids=abc,${a._id}`);
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual([a._id]);
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expect((await api.http.get(`/api/product/by-ids?ids=${many}`)).status).toBe(400);
  });
});

describe('GET /api/product/sitemap', () => {
  it('lists every product id with its last change, in pages, with the total', async () => {
    const res = await api.http.get('/api/product/sitemap');
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(5000);
    expect(res.body.items).toHaveLength(res.body.total);
    expect(res.body.items[0]).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), updatedAt: expect.any(String) });
    const ids = res.body.items.map((i: { _id: string }) => i._id);
    expect([...ids].sort()).toEqual(ids);
    expect((await api.http.get('/api/product/sitemap?page=2')).body.items).toEqual([]);
  });

  it('refuses a page that is not a whole number from 1', async () => {
    for (const page of ['0', '-1', '1.5', 'x', '10001']) {
      const res = await api.http.get(`/api/product/sitemap?page=${page}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/page/);
    }
  });
});
