import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';
import { parseProductListQuery } from './list-query.js';
import { listProducts } from './repo.js';

// The store's search on the database itself (PGlite here, PostgreSQL in the other project): words stemmed and
// prefixed, the shop's synonyms, typos put right from the catalogue's words, ranked, archived products never.

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

/** A made-up word of letters only, so each test's products are its own. */
const word = () => `zq${Array.from({ length: 12 }, () => 'bcdfghjklmnprstvw'[Math.floor(Math.random() * 17)]).join('')}`;
const titles = async (search: string) =>
  ((await api.http.get(`/api/product?search=${encodeURIComponent(search)}`)).body as { title: string }[]).map((p) => p.title);
const search = (text: string) => listProducts(api.database.db, parseProductListQuery({ search: text }));

async function create(fields: Record<string, unknown>) {
  const res = await api.http
    .post('/api/admin/catalogue/products')
    .set(desk.auth)
    .send({
      description: '<p>A product</p>',
      price: 999,
      category: 'Cameras',
      brand: 'Acme',
      tags: [],
      colors: ['black'],
      images: ['/api/images/product/camera-black-1.svg'],
      ...fields,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number; slug: string };
}

describe('the store’s search', () => {
  it('finds the demo catalogue’s categories by their words, singular or plural, and by the shop’s synonyms', async () => {
    for (const [text, category] of [
      ['headphones', 'Headphones'],
      ['headphone', 'Headphones'],
      ['laptop', 'Laptops'],
      ['camera', 'Cameras'],
      ['tv', 'TVs'],
      ['television', 'TVs'],
      ['earbuds', 'Headphones'],
    ] as const) {
      const page = await search(text);
      expect(page.total, text).toBeGreaterThanOrEqual(9);
      expect(
        page.rows.slice(0, 9).every((p) => p.category === category),
        text,
      ).toBe(true);
    }
  });

  it('reads titles, brands, tags and the description’s words, each word as a prefix, every word needed', async () => {
    const w = word();
    await create({
      title: `Lumix ${w} Mirrorless`,
      brand: 'Panasonic',
      tags: ['vlogging'],
      description: '<p>Weather-<strong>sealed</strong> body</p>',
    });
    expect(await titles(w)).toEqual([`Lumix ${w} Mirrorless`]);
    expect(await titles(w.slice(0, 5))).toEqual([`Lumix ${w} Mirrorless`]);
    expect(await titles(`panasonic ${w}`)).toEqual([`Lumix ${w} Mirrorless`]);
    expect(await titles(`${w} vlogging`)).toEqual([`Lumix ${w} Mirrorless`]);
    expect(await titles(`${w} sealed`)).toEqual([`Lumix ${w} Mirrorless`]);
    // Not the HTML's own words.
    expect(await titles(`${w} strong`)).toEqual([]);
    expect(await titles(`${w} dishwasher`)).toEqual([]);
  });

  it('ranks a match in the title above one in the description', async () => {
    const w = word();
    await create({ title: `Plain box ${word()}`, description: `<p>Goes well with a ${w}</p>` });
    await create({ title: `The ${w}`, description: '<p>Nothing else</p>' });
    expect((await titles(w))[0]).toBe(`The ${w}`);
    expect(await titles(w)).toHaveLength(2);
  });

  it('finds a product by its new words as soon as the desk saves them, and never an archived one', async () => {
    const w = word();
    const made = await create({ title: `Old name ${w}` });
    const renamed = await api.http
      .put(`/api/admin/catalogue/products/${made.id}`)
      .set(desk.auth)
      .send({
        title: `Fresh name ${w}`,
        description: '<p>A product</p>',
        price: 999,
        category: 'Cameras',
        brand: 'Acme',
        tags: [],
        colors: ['black'],
        version: made.version,
      });
    expect(renamed.status).toBe(200);
    expect(await titles(`fresh ${w}`)).toEqual([`Fresh name ${w}`]);
    expect(await titles(`old ${w}`)).toEqual([]);
    await api.http.post(`/api/admin/catalogue/products/${made.id}/archive`).set(desk.auth).send({ version: renamed.body.version });
    expect(await titles(w)).toEqual([]);
  });

  it('leaves out the words English leaves out among others, and reads one alone as the start of a word', async () => {
    expect((await titles('the frame')).slice(0, 1)).toEqual(['Samsung The Frame 55"']);
    const a = await search('a');
    expect(a.total).toBeGreaterThan(16);
    expect(a.rows.some((p) => p.title.startsWith('Apple '))).toBe(true);
  });

  it('puts a typo right from the catalogue’s own words, and says what it searched for', async () => {
    for (const [typed, meant] of [
      ['headphnes', 'headphones'],
      ['samsnug', 'samsung'],
      ['gramin', 'garmin'],
      ['lapotp', 'laptop'],
    ] as const) {
      const page = await search(typed);
      expect(page.total, typed).toBeGreaterThan(0);
      expect(page.search?.suggestion, typed).toBe(meant);
    }
    const right = await search('headphones');
    expect(right.search).toEqual({ words: ['headphones'], suggestion: null, capped: false });
    // Nothing near enough: the words as typed, and no suggestion.
    expect((await search('zqxwvkjhg')).search).toEqual({ words: ['zqxwvkjhg'], suggestion: null, capped: false });
  });

  it('never lets a synonym break a search: one with no word in it is left out', async () => {
    const w = word();
    await create({ title: `Synonymed ${w}` });
    await api.database.db
      .insertInto('search_synonyms')
      .values({ word: 'zzsynonym', also: ['!!', w] })
      .execute();
    // The shop's synonyms are read again within a few seconds.
    await expect.poll(async () => (await titles('zzsynonym')).join(), { timeout: 8_000 }).toBe(`Synonymed ${w}`);
  });

  it('uses a synonym at the first search after it is added, on the store and on the results page', async () => {
    const w = word();
    await create({ title: `Freshly ${w}` });
    // Each search reads whether the synonyms changed beside itself: these two know the synonyms as they were.
    expect(await titles('zzfresh')).toEqual([]);
    expect((await api.http.get('/api/product/search').query({ search: 'zzfresh' })).body.total).toBe(0);
    await api.database.db
      .insertInto('search_synonyms')
      .values({ word: 'zzfresh', also: [w] })
      .execute();
    expect(await titles('zzfresh')).toEqual([`Freshly ${w}`]);
    await api.database.db.updateTable('search_synonyms').set({ word: 'zzfresher' }).where('word', '=', 'zzfresh').execute();
    const page = (await api.http.get('/api/product/search').query({ search: 'zzfresher' })).body as { products: { title: string }[] };
    expect(page.products.map((p) => p.title)).toEqual([`Freshly ${w}`]);
  });

  it('answers hostile, odd and long searches with a result, never an error', async () => {
    for (const text of ['a & | ! :* ( )', '!!!', "'); drop table products; --", '🎧🎧', 'हेडफ़ोन', 'سماعات', 'x'.repeat(100), '\\']) {
      const res = await api.http.get(`/api/product?search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
      expect(Array.isArray(res.body), text).toBe(true);
    }
    expect((await search('refrigerator')).total).toBe(0);
    const long = await search(`camera ${'lens '.repeat(12)}`);
    expect(long.search?.capped).toBe(true);
  });
});
