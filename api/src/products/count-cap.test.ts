import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';
import { COUNT_CAP, RANKED_MAX, SEARCH_COUNT_CAP } from './repo.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
  await sql`
    insert into products (title, slug, description, price, category, brand, tags)
    select 'Counter Phone ' || i, 'counter-' || i, '<p>x</p>', 1000 + i, case when i <= 40 then 'Few' else 'Many' end, 'Acme', '{}'
    from generate_series(1, ${COUNT_CAP + 60}) as i`.execute(api.database.db);
});
afterAll(() => api.close());

describe('X-Total-Count', () => {
  it('is exact up to the cap', async () => {
    const res = await api.http.get('/api/product?category=Few&limit=5');
    expect(res.headers['x-total-count']).toBe('40');
    expect(res.headers['x-total-count-relation']).toBe('eq');
  });

  it('says "at least" past the cap, and pages still reach every product', async () => {
    const res = await api.http.get('/api/product?category=Many&limit=5');
    expect(res.headers['x-total-count']).toBe(String(COUNT_CAP));
    expect(res.headers['x-total-count-relation']).toBe('gte');
    const last = await api.http.get(`/api/product?category=Many&limit=100&page=${Math.ceil((COUNT_CAP + 20) / 100)}`);
    expect(last.body.length).toBe((COUNT_CAP + 20) % 100);
  });

  it('stops sooner for a title search', async () => {
    const res = await api.http.get('/api/product?search=counter&limit=10');
    expect(res.body).toHaveLength(10);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(res.headers['x-total-count-relation']).toBe('gte');
    const narrow = await api.http.get('/api/product?search=counter%20phone%2010&limit=10');
    expect(narrow.headers['x-total-count-relation']).toBe('eq');
  });

  it('ends a ranked search’s pages with the products it ranks, and a sorted one’s with its matches', async () => {
    const page = async (n: number, sort?: string) =>
      (await api.http.get('/api/product/search').query({ search: 'counter', limit: '20', page: String(n), ...(sort ? { sort } : {}) }))
        .body as {
        products: unknown[];
        hasMore: boolean;
      };
    expect(await page(9)).toMatchObject({ hasMore: true });
    const last = await page(RANKED_MAX / 20);
    expect(last.products).toHaveLength(20);
    expect(last.hasMore).toBe(false);
    expect((await page(RANKED_MAX / 20, 'price')).hasMore).toBe(true);
    // Sorted, its pages go on to the last match (the count stops at 100, so a full page says there may be more).
    expect((await page(Math.ceil((COUNT_CAP + 60) / 20) + 1, 'price')).hasMore).toBe(false);
  });
});
