import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, stockOf, type TestApi } from '../test/harness.js';

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function product(title: string, brand: string, price = 1000) {
  const res = await api.http
    .post('/api/admin/catalogue/products')
    .set(desk.auth)
    .send({
      title,
      description: '<p>Plain, "quoted", and, commas</p>',
      price,
      category: 'TVs',
      brand,
      tags: ['new', 'popular'],
      colors: ['black', 'silver'],
      images: ['/api/images/product/tv-black-1.svg'],
      stock: { black: 4, silver: 2 },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
}

const exportOf = async (brand: string) => {
  const res = await api.http.get(`/api/admin/catalogue/export?brand=${encodeURIComponent(brand)}`).set(desk.auth);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return res.text;
};
const importCsv = (csv: string, dryRun: boolean) =>
  api.http.post(`/api/admin/catalogue/import?dryRun=${dryRun}`).set(desk.auth).set('Content-Type', 'text/csv').send(csv);

describe('the catalogue as CSV', () => {
  it('exports the import’s columns; the same file imported again changes nothing (a dry run says so)', async () => {
    const brand = `Csv ${tag()}`;
    await product(`=HYPERLINK("x") ${tag()}`, brand);
    await product(`Plain TV ${tag()}`, brand);
    const csv = await exportOf(brand);
    expect(csv.split('\r\n')[0]).toBe(
      'title,slug,description,price,category,brand,tags,colors,images,hsn_code,gst_rate,country_of_origin,manufacturer,importer,stock_now',
    );
    // A TV's customs heading and rate, as the import reads them back.
    expect(csv.split('\r\n')[1]).toContain('"8528","18"');
    // A title a spreadsheet would run as a formula is written as text.
    expect(csv).toContain(`"'=HYPERLINK(""x"")`);
    expect(csv).toContain('black:4|silver:2');
    const plan = await importCsv(csv, true);
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body).toMatchObject({ dryRun: true, errors: [], written: null });
    expect(plan.body.changes.map((c: { action: string }) => c.action)).toEqual(['unchanged', 'unchanged']);
  });

  it('lists what a changed file would change, writes nothing on a dry run, then imports it', async () => {
    const brand = `Plan ${tag()}`;
    const p = await product(`Planned TV ${tag()}`, brand, 25_000);
    const exported = await exportOf(brand);
    // A unit sells after the export: the file's stock_now is only for reading, so the import never puts it back.
    await api.database.db
      .updateTable('product_colors')
      .set({ quantity: 3 })
      .where('product_id', '=', p.id)
      .where('quantity', '=', 4)
      .execute();
    const priced = exported.replace(',"25000",', ',"23999",');
    const pricedPlan = await importCsv(priced, true);
    expect(pricedPlan.body.changes).toEqual([expect.objectContaining({ action: 'update', fields: ['price'], line: 2 })]);
    // A column named stock is stock counted: it sets it.
    const csv = priced.replace(',stock_now', ',stock').replace('black:4|silver:2', 'black:9|silver:2');
    const plan = await importCsv(csv, true);
    expect(plan.body.changes).toEqual([expect.objectContaining({ action: 'update', fields: ['price', 'stock'], line: 2 })]);
    expect((await api.http.get(`/api/product/${p.id}`)).body.price).toBe(25_000);
    const done = await importCsv(csv, false);
    expect(done.status).toBe(200);
    expect(done.body.written).toEqual({ products: { created: 0, updated: 1 }, blogs: { created: 0, updated: 0 } });
    expect((await api.http.get(`/api/product/${p.id}`)).body.price).toBe(23_999);
    expect((await stockOf(api.database.db, p.id)).quantity).toBe(11);
    // The import moved the version: an editor who opened it before is told to reload.
    const stale = await api.http.post(`/api/admin/catalogue/products/${p.id}/archive`).set(desk.auth).send({ version: p.version });
    expect(stale.body.code).toBe('VERSION_CONFLICT');
  });

  it('refuses a file with a bad row, naming each problem with its line, and writes nothing', async () => {
    const brand = `Bad ${tag()}`;
    const csv = `title,description,price,category,brand,colors,images\nGood ${tag()},<p>x</p>,10,TVs,${brand},black,/api/images/product/tv-black-1.svg\nBroken,<p>x</p>,ten,TVs,${brand},black,/api/images/product/tv-black-1.svg\n`;
    const res = await importCsv(csv, false);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ line: 3, message: 'price is a whole number of rupees' }]);
    expect(res.body.written).toBeNull();
    expect((await api.http.get(`/api/product?brand=${encodeURIComponent(brand)}`)).body).toEqual([]);
    const notCsv = await api.http.post('/api/admin/catalogue/import').set(desk.auth).send({ csv });
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.message).toBe('Send the file as text/csv');
    const huge = await importCsv(`title\n${'x'.repeat(10 * 1024 * 1024)}\n`, true);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('The file is larger than 10 MB: split it');
  });

  it('reads back lists a spreadsheet-safe export wrote, imports only products, and refuses a colour that is not a colour', async () => {
    const brand = `Lists ${tag()}`;
    const body = (title: string, colors: string[], tags: string[]) => ({
      title,
      description: '',
      price: 10,
      category: 'TVs',
      brand,
      tags,
      colors,
      images: ['/api/images/product/tv-black-1.svg'],
    });
    const made = await api.http
      .post('/api/admin/catalogue/products')
      .set(desk.auth)
      .send(body(`Lists ${tag()}`, ['black'], ['-sale', '@home']));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const csv = await exportOf(brand);
    expect(csv).toContain("'-sale|@home");
    const back = await importCsv(csv, true);
    expect(back.body.errors, csv).toEqual([]);
    expect(back.body.changes.map((c: { action: string }) => c.action)).toEqual(['unchanged']);
    // A file without a price column is still read as products (the desk never publishes blog posts by accident).
    const blogShaped = await importCsv(`title,description,category\nNews ${tag()},<p>x</p>,TVs\n`, true);
    expect(blogShaped.status).toBe(400);
    expect(blogShaped.body.errors.map((e: { message: string }) => e.message)).toContain('price is a whole number of rupees');
    const evil = await api.http
      .post('/api/admin/catalogue/products')
      .set(desk.auth)
      .send(body(`Evil ${tag()}`, ['0;position:fixed;background:url(//x)'], []));
    expect(evil.status).toBe(400);
    expect(evil.body.message).toBe('colors.0: each colour is a CSS colour the storefront paints: a name like black, or #rrggbb');
  });

  it('writes every cell quoted with no formula after a ; or a tab, and reads back a title that truly starts with - or a quote', async () => {
    const brand = `Sale ${tag()}`;
    const description = "<p>Great;=cmd|' /c calc'!A0 and,+1 and\t-2; @SUM(A1)</p>";
    const titles = [`-20% sale ${tag()}`, `'-20% sale ${tag()}`, `+More ${tag()}`, `@home ${tag()}`];
    for (const title of titles) {
      const made = await api.http
        .post('/api/admin/catalogue/products')
        .set(desk.auth)
        .send({
          title,
          description,
          price: 10,
          category: 'TVs',
          brand,
          tags: ['a;=b', '-c'],
          colors: ['black'],
          images: ['/api/images/product/tv-black-1.svg'],
        });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const csv = await exportOf(brand);
    const [, ...lines] = csv.trimEnd().split('\r\n');
    for (const line of lines) {
      // Every cell quoted: the line is "…","…",… and nothing else.
      expect(line, line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
      // A spreadsheet that ignores the quotes and splits on , ; or a tab sees no piece that starts a formula.
      const pieces = line.split(/[,;\t]/).map((p) => p.replace(/^[" ]+/, ''));
      expect(
        pieces.filter((p) => /^[=+\-@]/.test(p)),
        line,
      ).toEqual([]);
    }
    expect(csv).toContain(`"'-20% sale`);
    expect(csv).toContain(`"''-20% sale`);
    expect(csv).toContain(`Great;'=cmd|' /c calc'!A0 and,'+1 and\t'-2;' @SUM(A1)`);
    // Imported again, the file changes nothing: every title, description and tag reads back as it was written.
    const back = await importCsv(csv, true);
    expect(back.body.errors, csv).toEqual([]);
    expect(back.body.changes.map((c: { title: string; action: string }) => [c.title, c.action])).toEqual(
      titles.map((t) => [t, 'unchanged']),
    );
  });
});

describe('the audit rows of changes to many products', () => {
  const bulkEdit = (body: object) => api.http.post('/api/admin/catalogue/bulk').set(desk.auth).send(body);
  const auditOf = async (action: string) =>
    api.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow() as Promise<{
      before: { changed: Record<string, unknown>[] };
      after: { changed: Record<string, unknown>[] };
    }>;

  it('records each product’s price and stock per colour before and after a bulk edit, for a set and an add alike', async () => {
    const brand = `Audit ${tag()}`;
    const a = await product(`Audit A ${tag()}`, brand, 1000);
    const b = await product(`Audit B ${tag()}`, brand, 2000);
    const add = await bulkEdit({ filter: { brand }, stock: { add: 3 } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    let row = await auditOf('catalogue.bulk_edit');
    expect(row.before.changed).toEqual(
      expect.arrayContaining([
        { id: a.id, stock: { black: 4, silver: 2 } },
        { id: b.id, stock: { black: 4, silver: 2 } },
      ]),
    );
    expect(row.after.changed).toEqual(expect.arrayContaining([{ id: a.id, stock: { black: 7, silver: 5 } }]));
    const set = await bulkEdit({ filter: { brand }, stock: { set: 1 }, price: { percent: 10 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    row = await auditOf('catalogue.bulk_edit');
    expect(row.before.changed).toEqual(expect.arrayContaining([{ id: b.id, price: 2000, stock: { black: 7, silver: 5 } }]));
    expect(row.after.changed).toEqual(expect.arrayContaining([{ id: b.id, price: 2200, stock: { black: 1, silver: 1 } }]));
  });

  it('records each product’s old and new value of every field an import changed, and what a new product became', async () => {
    const brand = `Imported ${tag()}`;
    await product(`Imported TV ${tag()}`, brand, 25_000);
    const exported = await exportOf(brand);
    const edited = exported
      .replace(',stock_now', ',stock')
      .replace('"25000"', '"23999"')
      .replace('"black:4|silver:2"', '"black:9|silver:2"')
      .replace('Imported TV', 'Imported Television');
    const fresh = `New ${tag()}`;
    const csv = `${edited}"${fresh}","","<p>x</p>","10","TVs","${brand}","","black","/api/images/product/tv-black-1.svg","","5","","","","black:5"\r\n`;
    const done = await importCsv(csv, false);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = await auditOf('catalogue.imported');
    expect(row.before.changed).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/^Imported TV /),
        price: 25_000,
        stock: { black: 4, silver: 2 },
      }),
      expect.objectContaining({ title: null, price: null, stock: null }),
    ]);
    expect(row.after.changed).toEqual([
      expect.objectContaining({
        action: 'update',
        title: expect.stringMatching(/^Imported Television /),
        price: 23_999,
        stock: { black: 9, silver: 2 },
      }),
      expect.objectContaining({ action: 'create', title: fresh, price: 10, stock: { black: 5 }, colors: ['black'] }),
    ]);
    // Fields that did not move are not in the row.
    expect(row.after.changed[0]).not.toHaveProperty('brand');
    expect(row.after.changed[0]).not.toHaveProperty('description');
  });
});

describe('bulk edits on a selection', () => {
  it('counts and previews on a dry run, then changes every selected product’s price and stock at once', async () => {
    const brand = `Bulk ${tag()}`;
    const a = await product(`Bulk A ${tag()}`, brand, 10_000);
    const b = await product(`Bulk B ${tag()}`, brand, 20_000);
    const dry = await api.http
      .post('/api/admin/catalogue/bulk')
      .set(desk.auth)
      .send({ filter: { brand }, price: { percent: -10 }, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, products: 2 });
    expect(dry.body.sample.map((s: { newPrice: number }) => s.newPrice).sort()).toEqual([18_000, 9_000]);
    expect((await api.http.get(`/api/product/${a.id}`)).body.price).toBe(10_000);
    const done = await api.http
      .post('/api/admin/catalogue/bulk')
      .set(desk.auth)
      .send({ filter: { brand }, price: { percent: -10 }, stock: { add: 3 } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ dryRun: false, products: 2 });
    expect((await api.http.get(`/api/product/${a.id}`)).body.price).toBe(9_000);
    expect((await api.http.get(`/api/product/${b.id}`)).body.price).toBe(18_000);
    expect((await stockOf(api.database.db, a.id)).quantity).toBe(4 + 3 + 2 + 3);
    await api.http
      .post('/api/admin/catalogue/bulk')
      .set(desk.auth)
      .send({ filter: { brand }, stock: { add: -100 } });
    expect((await stockOf(api.database.db, b.id)).quantity).toBe(0);
    // A percentage with a fraction applies as previewed (12.5 % more on 9,000 is 10,125).
    const fraction = await api.http
      .post('/api/admin/catalogue/bulk')
      .set(desk.auth)
      .send({ filter: { brand }, price: { percent: 12.5 } });
    expect(fraction.status, JSON.stringify(fraction.body)).toBe(200);
    expect((await api.http.get(`/api/product/${a.id}`)).body.price).toBe(10_125);
    const nothing = await api.http.post('/api/admin/catalogue/bulk').set(desk.auth).send({ filter: { brand } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Say what to change: price or stock');
    const both = await api.http
      .post('/api/admin/catalogue/bulk')
      .set(desk.auth)
      .send({ filter: { brand }, price: { set: 1, percent: 5 } });
    expect(both.body.message).toBe('price takes set or percent, one of them');
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'catalogue.bulk_edit')
      .orderBy('id')
      .execute();
    expect(audit.at(-1)?.after).toMatchObject({ products: 2, changed: expect.arrayContaining([{ id: a.id, price: 10_125 }]) });
  });
});
