import type { FacetCountsRecord, FacetsRecord, ProductRecord } from '@digitic/rest-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';

// What a listing says of where it was made and who made it (Legal Metrology (Packaged Commodities) Rules, rule 6):
// kept per product, given by the desk and the import, and the store's filter and sort by country (rule 6(10A)).

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

const listed = async (query: string) => {
  const res = await api.http.get(`/api/product?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ProductRecord[];
};
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe("a product's origin", () => {
  it('is said by every demo product: the country, the maker and, made abroad, the importer', async () => {
    const all = await listed('limit=100');
    expect(all.length).toBeGreaterThan(50);
    for (const p of all) {
      expect(p.countryOfOrigin, p.title).toMatch(/^[A-Z]{2}$/);
      expect(p.manufacturer, p.title).toContain('demo details');
      // Made in India: no importer; made abroad: the importer is named.
      if (p.countryOfOrigin === 'IN') expect(p.importer, p.title).toBeNull();
      else expect(p.importer, p.title).toContain('Digitic Electronics');
    }
  });

  it('filters and sorts the store, and the facets list and count the countries', async () => {
    const japan = await listed('countryOfOrigin=jp&limit=100');
    expect(japan.length).toBeGreaterThan(0);
    expect(japan.every((p) => p.countryOfOrigin === 'JP')).toBe(true);
    expect(new Set(japan.map((p) => p.brand))).toEqual(new Set(['Canon', 'Fujifilm']));

    // By the countries' names: China, Germany, India, Japan, Malaysia, Taiwan, Thailand (not by code: TW before TH).
    const sorted = await listed('sort=countryOfOrigin&limit=100');
    const order = [...new Set(sorted.map((p) => p.countryOfOrigin))];
    expect(order).toEqual(['CN', 'DE', 'IN', 'JP', 'MY', 'TW', 'TH']);
    const reversed = await listed('sort=-countryOfOrigin&limit=100');
    expect([...new Set(reversed.map((p) => p.countryOfOrigin))]).toEqual([...order].reverse());

    const facets = (await api.http.get('/api/product/facets')).body as FacetsRecord;
    expect(facets.countries).toEqual(['CN', 'DE', 'IN', 'JP', 'MY', 'TH', 'TW']);
    const counts = (await api.http.get('/api/product/facet-counts?category=Cameras')).body as FacetCountsRecord;
    const cameras = await listed('category=Cameras&limit=100');
    const expected = Object.entries(
      cameras.reduce<Record<string, number>>(
        (n, p) => ({ ...n, [p.countryOfOrigin as string]: (n[p.countryOfOrigin as string] ?? 0) + 1 }),
        {},
      ),
    )
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => (a.value < b.value ? -1 : 1));
    expect(counts.countries).toEqual(expected);
    // A chosen country still shows the others' counts (the shopper can change their mind); the rest narrow to it.
    const chosen = (await api.http.get('/api/product/facet-counts?countryOfOrigin=JP')).body as FacetCountsRecord;
    expect(chosen.countries?.length).toBe(7);
    expect(chosen.categories).toEqual([{ value: 'Cameras', count: japan.length }]);
  });

  it('refuses a country that is none, naming it', async () => {
    for (const [value, message] of [
      ['India', 'Query parameter "countryOfOrigin": the country of origin is a two-letter country code (ISO 3166-1), such as IN or CN'],
      ['QQ', 'Query parameter "countryOfOrigin": "QQ" is no country\'s code (ISO 3166-1)'],
    ]) {
      const res = await api.http.get(`/api/product?countryOfOrigin=${value}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const bad = await api.http.get('/api/product?sort=origin');
    expect(bad.body.message).toContain('title, price, createdAt, countryOfOrigin');
  });

  it('is given, changed and cleared by the catalogue desk, and carried by the CSV import both ways', async () => {
    const brand = `Origin ${tag()}`;
    const body = {
      title: `Made Somewhere ${tag()}`,
      description: '<p>x</p>',
      price: 999,
      category: 'Headphones',
      brand,
      tags: ['new'],
      colors: ['black'],
      images: ['/api/images/product/headphones-black-1.svg'],
      countryOfOrigin: 'vn',
      manufacturer: 'Acme Audio Co., Hanoi, Vietnam',
      importer: 'Acme India Private Limited,\nMumbai 400001',
    };
    const made = await api.http.post('/api/admin/catalogue/products').set(desk.auth).send(body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      countryOfOrigin: 'VN',
      manufacturer: body.manufacturer,
      importer: body.importer,
      hsnCode: '8518',
      gstRate: 18,
    });
    const shown = (await api.http.get(`/api/product/${made.body.id as string}`)).body as ProductRecord;
    expect(shown).toMatchObject({ countryOfOrigin: 'VN', manufacturer: body.manufacturer, importer: body.importer });

    const refused = await api.http
      .put(`/api/admin/catalogue/products/${made.body.id as string}`)
      .set(desk.auth)
      .send({ ...body, countryOfOrigin: 'Vietnam', version: made.body.version });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('countryOfOrigin: the country of origin is a two-letter country code');
    const tooLong = await api.http
      .put(`/api/admin/catalogue/products/${made.body.id as string}`)
      .set(desk.auth)
      .send({ ...body, manufacturer: 'x'.repeat(301), version: made.body.version });
    expect(tooLong.body.message).toContain('manufacturer is at most 300 characters');

    // Made in India now: no importer (cleared with an empty value); a field left out keeps what it had.
    const { manufacturer: _kept, ...withoutMaker } = body;
    const moved = await api.http
      .put(`/api/admin/catalogue/products/${made.body.id as string}`)
      .set(desk.auth)
      .send({ ...withoutMaker, countryOfOrigin: 'IN', importer: '', version: made.body.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ countryOfOrigin: 'IN', manufacturer: body.manufacturer, importer: null });
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('subject_id', '=', made.body.id as string)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ countryOfOrigin: 'VN', importer: body.importer });
    expect(audit.after).toMatchObject({ countryOfOrigin: 'IN', importer: null });

    // The export writes the columns; the import reads them back, and a changed country is a change it names.
    const csv = (await api.http.get(`/api/admin/catalogue/export?brand=${encodeURIComponent(brand)}`).set(desk.auth)).text;
    expect(csv.split('\r\n')[1]).toContain(`"8518","18","IN","${body.manufacturer}",""`);
    const imported = (file: string) =>
      api.http.post('/api/admin/catalogue/import?dryRun=true').set(desk.auth).set('Content-Type', 'text/csv').send(file);
    expect((await imported(csv)).body.changes).toEqual([expect.objectContaining({ action: 'unchanged' })]);
    const plan = await imported(csv.replace('"IN"', '"CN"'));
    expect(plan.body.changes).toEqual([expect.objectContaining({ action: 'update', fields: ['countryOfOrigin'] })]);
    const wrong = await imported(csv.replace('"IN"', '"ZZ"'));
    expect(wrong.body.errors).toEqual([{ line: 2, message: 'countryOfOrigin: "ZZ" is no country\'s code (ISO 3166-1)' }]);
  });
});
