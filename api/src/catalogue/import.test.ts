import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';
import { importRows, readImportFile, validateRows } from './import.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const tag = Date.now().toString(36);
const goodJson = JSON.stringify(
  {
    products: [
      {
        title: `Import Phone ${tag}`,
        description: '<p>Fast</p><script>alert(1)</script>',
        price: 19999,
        category: 'Laptop',
        brand: 'Acme',
        tags: ['new', 'popular'],
        colors: ['Black', 'coral'],
        images: ['https://cdn.example.com/phone.jpg'],
        quantity: 7,
      },
    ],
    blogs: [{ title: `Import News ${tag}`, description: '<p>Hello</p>', category: 'Watch', images: ['/api/images/blog/watch-1.svg'] }],
  },
  null,
  2,
);

describe('catalogue import', () => {
  it('imports products with colours, tags and pictures, and blogs; a second import changes nothing', async () => {
    const rows = validateRows(readImportFile(goodJson, 'json'));
    expect(rows.errors).toEqual([]);
    const first = await importRows(api.database.db, rows);
    expect(first).toEqual({ products: { created: 1, updated: 0 }, blogs: { created: 1, updated: 0 } });
    const slug = `import-phone-${tag}`;
    const listed = await api.http.get(`/api/product?search=${encodeURIComponent(`Import Phone ${tag}`)}`);
    expect(listed.body).toHaveLength(1);
    const product = (await api.http.get(`/api/product/${listed.body[0]._id}`)).body;
    expect(product).toMatchObject({
      title: `Import Phone ${tag}`,
      slug,
      price: 19999,
      brand: 'Acme',
      quantity: 7,
      tags: ['new', 'popular'],
    });
    expect(product.description).toBe('<p>Fast</p>');
    expect(product.images).toEqual([{ url: 'https://cdn.example.com/phone.jpg' }]);
    expect(product.color.map((c: { title: string }) => c.title)).toEqual(['Black', 'coral']);

    const second = await importRows(api.database.db, validateRows(readImportFile(goodJson, 'json')));
    expect(second).toEqual({ products: { created: 0, updated: 1 }, blogs: { created: 0, updated: 1 } });
    expect((await api.http.get(`/api/product?search=${encodeURIComponent(`Import Phone ${tag}`)}`)).body).toHaveLength(1);
  });

  it('reports every bad row with its line and field, from JSON and from CSV', () => {
    const json = `{
  "products": [
    { "title": "Ok", "description": "", "price": 1, "category": "Tv", "brand": "B", "colors": ["Red"], "images": ["https://x.example/a.png"] },
    {
      "title": "",
      "description": "x",
      "price": -5,
      "category": "Tv",
      "brand": "B",
      "colors": [],
      "images": ["javascript:alert(1)"]
    }
  ]
}`;
    const errors = validateRows(readImportFile(json, 'json')).errors;
    expect(errors.every((e) => e.line === 4)).toBe(true);
    expect(errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'title is required',
        'price is not negative',
        'colors needs at least one colour',
        'images.0: a picture is an uploaded photo (/api/photos/…), an https:// URL or /api/images/…',
      ]),
    );
    const csv =
      'title,description,price,category,brand,tags,colors,images,quantity\nGood,<p>x</p>,10,Tv,B,new,Red|Blue,https://x.example/a.png,3\nBad,<p>x</p>,ten,Tv,B,,Red,https://x.example/a.png,\nGood,<p>x</p>,10,Tv,B,,Red,https://x.example/a.png,\n';
    const csvErrors = validateRows(readImportFile(csv, 'csv')).errors;
    expect(csvErrors).toEqual([
      { line: 3, kind: 'products', message: 'price is a whole number of rupees' },
      { line: 4, kind: 'products', message: 'slug "good" is already used on line 2' },
    ]);
  });

  it('writes nothing when one row is bad, and says why, with the line (the command)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'digitic-import-'));
    const file = path.join(dir, 'catalogue.csv');
    writeFileSync(
      file,
      `title,description,price,category,brand,colors,images\nFine ${tag},<p>x</p>,10,Tv,B,Red,https://x.example/a.png\nBroken,<p>x</p>,10,Tv,B,,https://x.example/a.png\n`,
    );
    const run = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, '../cli/import-catalogue.ts'), file],
      {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('catalogue.csv:3: product: colors is required');
    expect(run.stderr).toContain('1 problem in catalogue.csv; nothing was imported.');
    const unknown = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, '../cli/import-catalogue.ts'), file, '--typo'],
      { encoding: 'utf8' },
    );
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown option --typo');
  });

  it('imports a file into the embedded database with the command, idempotently', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'digitic-import-'));
    const file = path.join(dir, 'catalogue.json');
    writeFileSync(file, goodJson);
    const run = () =>
      spawnSync(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, '../cli/import-catalogue.ts'), file],
        {
          encoding: 'utf8',
          env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', SEED_DEMO: 'false' },
        },
      );
    const first = run();
    expect(first.stderr).not.toMatch(/problem|failed/);
    expect(first.stdout).toContain('Imported: products 1 new, 0 updated; blogs 1 new, 0 updated.');
    expect(run().stdout).toContain('Imported: products 0 new, 1 updated; blogs 0 new, 1 updated.');
  }, 60_000);

  it('refuses a file that is not JSON, or holds unknown keys', () => {
    expect(() => readImportFile('{"products": [', 'json')).toThrow(/not valid JSON/);
    expect(() => readImportFile('{"items": []}', 'json')).toThrow('Unknown top-level key "items": only "products" and "blogs"');
    expect(() => readImportFile('[{"title": "x"}]', 'json')).toThrow(/--type=products or --type=blogs/);
  });
});
