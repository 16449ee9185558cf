import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

const db = () => api.database.db;
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const terms = async () => (await api.http.get('/api/admin/catalogue/terms').set(desk.auth)).body;
const latest = async () =>
  Number((await sql<{ n: number }>`select coalesce(max(seq), 0) as n from catalogue_changes`.execute(db())).rows[0]?.n);

async function product(brand: string, extra: Record<string, unknown> = {}) {
  const res = await api.http
    .post('/api/admin/catalogue/products')
    .set(desk.auth)
    .send({
      title: `Terms ${tag()}`,
      description: '<p>x</p>',
      price: 1000,
      category: 'Watches',
      brand,
      tags: ['new'],
      colors: ['black'],
      images: ['/api/images/product/watch-black-1.svg'],
      ...extra,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
}

describe('the catalogue vocabulary', () => {
  it('lists the brands, categories, tags and colours with how many products use each', async () => {
    const t = await terms();
    expect(t.categories.map((c: { value: string }) => c.value)).toEqual(expect.arrayContaining(['Laptops', 'Cameras']));
    expect(t.brands.find((b: { value: string }) => b.value === 'Sony')?.products).toBeGreaterThan(0);
    expect(t.tags.find((b: { value: string }) => b.value === 'popular')?.products).toBeGreaterThan(0);
    expect(t.colors.find((c: { swatch: string }) => c.swatch === 'black')).toMatchObject({ name: 'black', products: expect.any(Number) });
  });

  it('renames a brand on every product, moving their versions, audited and announced; refuses a name taken', async () => {
    const brand = `Brand ${tag()}`;
    const a = await product(brand);
    const b = await product(brand);
    const before = await latest();
    const to = `${brand} Renamed`;
    const renamed = await api.http.post('/api/admin/catalogue/terms/rename').set(desk.auth).send({ kind: 'brand', value: brand, to });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.brands.map((x: { value: string }) => x.value)).toContain(to);
    expect(renamed.body.brands.map((x: { value: string }) => x.value)).not.toContain(brand);
    for (const p of [a, b]) {
      const shown = (await api.http.get(`/api/product/${p.id}`)).body;
      expect(shown.brand).toBe(to);
      const stale = await api.http.post(`/api/admin/catalogue/products/${p.id}/archive`).set(desk.auth).send({ version: p.version });
      expect(stale.body.code).toBe('VERSION_CONFLICT');
    }
    const log = (await api.http.get(`/api/catalogue/changes?after=${before}`)).body.changes.flatMap((c: { tags: string[] }) => c.tags);
    expect(log).toEqual(expect.arrayContaining(['products', `product:${a.id}`, `product:${b.id}`]));
    const audit = await db()
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'catalogue.brand_renamed')
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toMatchObject({ before: { value: brand }, after: { value: to, products: 2 } });
    const taken = await api.http.post('/api/admin/catalogue/terms/rename').set(desk.auth).send({ kind: 'brand', value: to, to: 'Sony' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('The brand “Sony” is there already: choose another name');
    const unknown = await api.http
      .post('/api/admin/catalogue/terms/rename')
      .set(desk.auth)
      .send({ kind: 'brand', value: 'No Such', to: 'X' });
    expect(unknown.status).toBe(404);
  });

  it('renames a tag inside every product’s tags, and the store filters by the new one', async () => {
    const old = `tag${tag()}`;
    const p = await product('Acme', { tags: ['new', old] });
    const to = `${old}-renamed`;
    expect((await api.http.post('/api/admin/catalogue/terms/rename').set(desk.auth).send({ kind: 'tag', value: old, to })).status).toBe(
      200,
    );
    expect((await api.http.get(`/api/product/${p.id}`)).body.tags).toEqual(['new', to]);
    expect((await api.http.get(`/api/product?tags=${to}`)).body.map((x: { _id: string }) => x._id)).toEqual([p.id]);
  });

  it('refuses to delete a term in use, naming how many use it; deletes one not in use; refuses a second of one', async () => {
    const brand = `Used ${tag()}`;
    await product(brand);
    const used = await api.http.post('/api/admin/catalogue/terms/delete').set(desk.auth).send({ kind: 'brand', value: brand });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(`1 product uses the brand “${brand}”: rename it, or change them first`);
    const fresh = `Fresh ${tag()}`;
    expect((await api.http.post('/api/admin/catalogue/terms').set(desk.auth).send({ kind: 'category', value: fresh })).status).toBe(201);
    const twice = await api.http.post('/api/admin/catalogue/terms').set(desk.auth).send({ kind: 'category', value: fresh });
    expect(twice.status).toBe(409);
    const gone = await api.http.post('/api/admin/catalogue/terms/delete').set(desk.auth).send({ kind: 'category', value: fresh });
    expect(gone.status).toBe(200);
    expect(gone.body.categories.map((c: { value: string }) => c.value)).not.toContain(fresh);
    const long = await api.http
      .post('/api/admin/catalogue/terms')
      .set(desk.auth)
      .send({ kind: 'tag', value: 'x'.repeat(51) });
    expect(long.body.message).toBe('value is at most 50 characters for a tag');
    const bad = await api.http.post('/api/admin/catalogue/terms').set(desk.auth).send({ kind: 'size', value: 'XL' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('kind is brand, category or tag');
  });

  it('names colours with a swatch; a new swatch shows on every product in it; one in use is never deleted', async () => {
    const name = `Sunset ${tag()}`;
    const added = await api.http.post('/api/admin/catalogue/colors').set(desk.auth).send({ swatch: '#ff7f50', name });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const colour = added.body.colors.find((c: { name: string }) => c.name === name) as { id: string; swatch: string };
    expect(colour.swatch).toBe('#ff7f50');
    const bad = await api.http.post('/api/admin/catalogue/colors').set(desk.auth).send({ swatch: 'url(javascript:x)', name: 'Evil' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('swatch is a CSS colour: a name like black, or #rrggbb');
    const p = await product('Acme', { colors: ['#ff7f50'] });
    const changed = await api.http.put(`/api/admin/catalogue/colors/${colour.id}`).set(desk.auth).send({ swatch: '#ff6347', name });
    expect(changed.status).toBe(200);
    expect((await api.http.get(`/api/product/${p.id}`)).body.color.map((c: { title: string }) => c.title)).toEqual(['#ff6347']);
    const used = await api.http.delete(`/api/admin/catalogue/colors/${colour.id}`).set(desk.auth);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(`1 product comes in ${name}: take it off them first`);
    const spare = await api.http
      .post('/api/admin/catalogue/colors')
      .set(desk.auth)
      .send({ swatch: '#123456', name: `Spare ${tag()}` });
    const spareId = spare.body.colors.find((c: { swatch: string }) => c.swatch === '#123456').id as string;
    expect((await api.http.delete(`/api/admin/catalogue/colors/${spareId}`).set(desk.auth)).status).toBe(200);
  });
});
