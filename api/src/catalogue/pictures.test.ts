import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';
import { importRows, readImportFile, validateRows } from './import.js';

// A product's pictures kept at once by the editor's library, with the words that say what each shows.

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
let support: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
  support = await staffSession(api, 'support');
});
afterAll(() => api.close());

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const A = '/api/images/product/laptop-black-1.svg';
const B = '/api/images/product/laptop-black-2.svg';
const C = '/api/images/product/laptop-silver-3.svg';

async function create(images: unknown[]) {
  const res = await api.http
    .post('/api/admin/catalogue/products')
    .set(desk.auth)
    .send({
      title: `Pictured ${tag()}`,
      description: '<p>x</p>',
      price: 999,
      category: 'Laptops',
      brand: 'Acme',
      tags: [],
      colors: ['black'],
      images,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number; images: string[]; pictures: { url: string; alt: string }[] };
}
const FIELDS = { description: '<p>y</p>', price: 999, category: 'Laptops', brand: 'Acme', tags: [], colors: ['black'] };
const update = (id: string, body: object) =>
  api.http
    .put(`/api/admin/catalogue/products/${id}`)
    .set(desk.auth)
    .send({ ...FIELDS, ...body });
const setPictures = (id: string, body: object, who = desk) =>
  api.http.put(`/api/admin/catalogue/products/${id}/pictures`).set(who.auth).send(body);
const auditOf = (id: string) =>
  api.database.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('subject_id', '=', id).orderBy('id').execute();

describe('a product’s pictures and their words', () => {
  it('keeps the words of each picture, shows them to the storefront, and lets an address alone keep them', async () => {
    const made = await create([{ url: A, alt: 'Open, from the front' }, B]);
    expect(made.pictures).toEqual([
      { url: A, alt: 'Open, from the front' },
      { url: B, alt: '' },
    ]);
    expect(made.images).toEqual([A, B]);
    const shown = (await api.http.get(`/api/product/${made.id}`)).body as { images: { url: string; alt?: string }[] };
    expect(shown.images).toEqual([{ url: A, alt: 'Open, from the front' }, { url: B }]);
    // An edit naming the pictures by address (the import's way) keeps their words; one leaving them out keeps them whole.
    const edit = await update(made.id, { title: 'Renamed', images: [B, A], version: made.version });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.pictures).toEqual([
      { url: B, alt: '' },
      { url: A, alt: 'Open, from the front' },
    ]);
    const kept = await update(made.id, { title: 'Renamed again', version: edit.body.version });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.pictures).toEqual(edit.body.pictures);
  });

  it('keeps the words when the shop’s own CSV comes back by the import (its images column names addresses only)', async () => {
    const made = await create([
      { url: A, alt: 'Front' },
      { url: B, alt: 'Side' },
    ]);
    const row = (await api.http.get(`/api/admin/catalogue/products/${made.id}`).set(desk.auth)).body as { slug: string; title: string };
    const file = JSON.stringify({
      products: [
        {
          title: row.title,
          slug: row.slug,
          description: '<p>x</p>',
          price: 999,
          category: 'Laptops',
          brand: 'Acme',
          colors: ['black'],
          images: [B, A, C],
        },
      ],
    });
    await importRows(api.database.db, validateRows(readImportFile(file, 'json')));
    const now = (await api.http.get(`/api/admin/catalogue/products/${made.id}`).set(desk.auth)).body;
    expect(now.pictures).toEqual([
      { url: B, alt: 'Side' },
      { url: A, alt: 'Front' },
      { url: C, alt: '' },
    ]);
  });

  it('keeps the pictures at once, apart from the other fields, audited before → after and announced', async () => {
    const made = await create([A]);
    const res = await setPictures(made.id, {
      expected: [{ url: A, alt: '' }],
      pictures: [
        { url: C, alt: 'Silver, turned right' },
        { url: A, alt: '' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pictures).toEqual([
      { url: C, alt: 'Silver, turned right' },
      { url: A, alt: '' },
    ]);
    expect(res.body.version).toBe(made.version + 1);
    expect(res.body.title).toMatch(/^Pictured /);
    const rows = await auditOf(made.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'product.updated',
      before: { images: [A], altTexts: [''] },
      after: { images: [C, A], altTexts: ['Silver, turned right', ''] },
    });
    const shown = (await api.http.get(`/api/product/${made.id}`)).body as { images: { url: string; alt?: string }[] };
    expect(shown.images.map((i) => i.url)).toEqual([C, A]);
  });

  it('writes nothing when nothing moved, and takes words with any character a line of text may hold', async () => {
    const made = await create([{ url: A, alt: 'USB-C <-> HDMI, 4K & 60 Hz' }]);
    expect(made.pictures).toEqual([{ url: A, alt: 'USB-C <-> HDMI, 4K & 60 Hz' }]);
    const same = await setPictures(made.id, { expected: made.pictures, pictures: made.pictures });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(made.version);
    expect((await auditOf(made.id)).map((r) => r.action)).toEqual(['product.created']);
  });

  it('refuses a change that started from pictures someone changed meanwhile, and keeps theirs', async () => {
    const made = await create([A]);
    const first = await setPictures(made.id, { expected: [{ url: A, alt: '' }], pictures: [{ url: A, alt: 'Mine' }] });
    expect(first.status).toBe(200);
    // Two uploads finishing together: the second names the list the first made.
    const second = await setPictures(made.id, {
      expected: [{ url: A, alt: 'Mine' }],
      pictures: [
        { url: A, alt: 'Mine' },
        { url: B, alt: '' },
      ],
    });
    expect(second.status).toBe(200);
    const stale = await setPictures(made.id, { expected: [{ url: A, alt: '' }], pictures: [{ url: C, alt: '' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/pictures were changed by someone else since you opened the product/);
    const now = (await api.http.get(`/api/admin/catalogue/products/${made.id}`).set(desk.auth)).body;
    expect(now.pictures).toEqual([
      { url: A, alt: 'Mine' },
      { url: B, alt: '' },
    ]);
  });

  it('names what is wrong: no picture, words with markup or too long, an upload that never was, and who may not', async () => {
    const made = await create([A]);
    const expected = [{ url: A, alt: '' }];
    const cases: [object, RegExp][] = [
      [{ expected, pictures: [] }, /pictures needs at least one picture/],
      [{ expected, pictures: [{ url: A, alt: 'hidden\u200bword' }] }, /alt is plain words on one line/],
      [{ expected, pictures: [{ url: A, alt: 'two\u2028lines' }] }, /alt is plain words on one line/],
      [{ expected, pictures: [{ url: A, alt: 'x'.repeat(251) }] }, /alt is at most 250 characters/],
      [{ expected, pictures: [{ url: A, alt: 'one\nline' }] }, /alt is plain words on one line/],
      [{ expected, pictures: [{ url: 'javascript:alert(1)', alt: '' }] }, /a picture is an uploaded photo/],
      [{ expected, pictures: [{ url: '/api/photos/00000000-0000-4000-8000-000000000000', alt: '' }] }, /no photo was uploaded/],
      [{ pictures: [{ url: A, alt: '' }] }, /expected/],
    ];
    for (const [body, message] of cases) {
      const res = await setPictures(made.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const refused = await setPictures(made.id, { expected, pictures: [{ url: B, alt: '' }] }, support);
    expect(refused.status).toBe(403);
    const now = (await api.http.get(`/api/admin/catalogue/products/${made.id}`).set(desk.auth)).body;
    expect(now.pictures).toEqual(expected);
    expect((await setPictures('not-an-id', { expected, pictures: expected })).status).toBe(404);
  });

  it('keeps a post’s picture words when the post is edited by addresses (the back office’s form sends no words)', async () => {
    const writer = await staffSession(api, 'catalogue');
    const made = await api.http
      .post('/api/admin/content/posts')
      .set(writer.auth)
      .send({
        title: `Pictured post ${tag()}`,
        description: '<p>Hello</p>',
        category: 'Camera',
        images: [{ url: A, alt: 'A camera on a desk' }],
      });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    const read = async () =>
      await api.database.db.selectFrom('blogs').select(['images', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect((await read()).images).toEqual([{ url: A, alt: 'A camera on a desk' }]);
    const edit = await api.http
      .put(`/api/admin/content/posts/${id}`)
      .set(writer.auth)
      .send({ title: 'Renamed post', description: '<p>Hello</p>', category: 'Camera', images: [A, B], version: (await read()).version });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await read()).images).toEqual([{ url: A, alt: 'A camera on a desk' }, { url: B }]);
  });
});
