import type { FacetCountsRecord, SearchAnswerRecord } from '@digitic/rest-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';

// GET /api/product/search on the demo catalogue: what the results page and every GraphQL client get.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function counted(params: Record<string, string>) {
  const res = await api.http.get('/api/product/facet-counts').query(params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FacetCountsRecord;
}

async function searched(params: Record<string, string>) {
  const res = await api.http.get('/api/product/search').query(params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as SearchAnswerRecord;
}

describe('a shopper’s search', () => {
  it('lists the products with every word first, then (a search of a few) those naming the kind of thing asked for', async () => {
    const answer = await searched({ search: 'sony camera', limit: '10' });
    expect(answer.allWords).toBe(2);
    expect(answer.widened).toBe(true);
    const titles = answer.products.map((p) => p.title);
    expect(titles.slice(0, 2).sort()).toEqual(['Sony Alpha 7 IV Body', 'Sony ZV-E10 Kit']);
    // Then the other cameras, before Sony's headphones and TVs.
    expect(answer.products.slice(2, 9).every((p) => p.category === 'Cameras')).toBe(true);
    expect(answer.total).toBeGreaterThan(9);
    expect(answer.terms).toEqual(['sony', 'camera']);
  });

  it('keeps to every word when enough products have them all, and one word is never widened', async () => {
    const headphones = await searched({ search: 'headphones' });
    expect(headphones).toMatchObject({ widened: false, allWords: 9, total: 9, suggestion: null, capped: false });
    const apple = await searched({ search: 'apple watch' });
    expect(apple.widened).toBe(true);
    expect(apple.products.slice(0, 3).every((p) => p.title.startsWith('Apple Watch'))).toBe(true);
  });

  it('says the synonyms it searched, so a page can mark them', async () => {
    const answer = await searched({ search: 'telly' });
    expect(answer.terms).toEqual(['telly', 'tv']);
    expect(answer.products.every((p) => p.category === 'TVs')).toBe(true);
  });

  it('puts a typo right and says so, and widens the corrected words as it would the typed ones', async () => {
    const answer = await searched({ search: 'headphnes' });
    expect(answer.suggestion).toBe('headphones');
    expect(answer.words).toEqual(['headphones']);
    expect(answer.total).toBe(9);
    const two = await searched({ search: 'sony camrea' });
    expect(two.suggestion).toBe('sony camera');
    expect(two.products.slice(0, 2).every((p) => p.brand === 'Sony' && p.category === 'Cameras')).toBe(true);
  });

  it('counts the facets over the matches, each without its own filter', async () => {
    const all = await counted({ search: 'sony' });
    const total = (await searched({ search: 'sony' })).total;
    expect(all.categories.map((c) => c.value).sort()).toEqual(['Cameras', 'Headphones', 'TVs']);
    expect(all.categories.find((c) => c.value === 'Cameras')?.count).toBe(2);
    expect(all.brands).toEqual([{ value: 'Sony', count: total }]);
    expect(all.priceBands.reduce((n, b) => n + b.count, 0)).toBe(total);
    expect(all.colors.length).toBeGreaterThan(0);
    // The colours most held first, each counted once per product.
    expect(all.colors.map((c) => c.count)).toEqual(all.colors.map((c) => c.count).sort((a, b) => b - a));
    expect(all.colors.every((c) => c.count <= total)).toBe(true);
    // A chosen category narrows the products and the other facets, not its own list.
    const cameras = await counted({ search: 'sony', category: 'Cameras' });
    expect(cameras.categories).toEqual(all.categories);
    expect(cameras.priceBands.reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(cameras.brands).toEqual([{ value: 'Sony', count: 2 }]);
    // A colour in stock narrows the products to those with units of it.
    const colour = all.colors[0];
    expect((await searched({ search: 'sony', color: colour?._id ?? '' })).total).toBe(colour?.count);
    // A widened search counts what it lists; a list without a search counts the store.
    const widened = await counted({ search: 'sony camera' });
    expect(widened.brands.length).toBeGreaterThan(1);
    const store = await counted({});
    expect(store.categories.map((c) => c.count)).toEqual([9, 9, 9, 9, 9, 9]);
    // Words that find nothing, or no word at all, count nothing.
    expect(await counted({ search: '!!!' })).toEqual({ categories: [], brands: [], countries: [], priceBands: [], colors: [] });
    expect((await counted({ search: 'qwzxvkj' })).categories).toEqual([]);
  });

  it('answers odd, hostile and long searches with a result, the length cut and said', async () => {
    for (const text of ['a & | ! :* ( )', '!!!', "'); drop table products; --", '🎧🎧', 'हेडफ़ोन', 'سماعات', '\\', '   ']) {
      const answer = await searched({ search: text });
      expect(answer.products, text).toEqual(expect.any(Array));
    }
    expect(await searched({ search: '' })).toMatchObject({ products: [], total: 0, words: [] });
    const long = await searched({ search: `camera ${'x'.repeat(993)}` });
    expect(long.capped).toBe(true);
    expect(long.words).toEqual(['camera', 'x'.repeat(93)]);
  });

  it('names what is wrong with a request', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'Query parameter "search" is required: the words to search for'],
      [{ search: 'x'.repeat(1001) }, 'Query parameter "search" is too long: at most 1000 characters'],
      [{ search: 'tv', color: 'red' }, 'Query parameter "color" must be a colour\'s id'],
      [{ search: 'tv', colour: 'red' }, 'Unknown query parameter "colour"'],
    ];
    for (const [params, message] of cases) {
      const res = await api.http.get('/api/product/search').query(params);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});
