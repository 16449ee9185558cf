import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../test/back-office.js';
import { startTestGateway, type TestGateway } from '../test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  const adminDist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  gw = await startTestGateway({ ADMIN_DIST: adminDist });
});
afterAll(() => gw.close());

const SUMMARY = 'id title slug price category brand image stock variants { colorId color stock offered } archivedAt version updatedAt';
const WHOLE = `id title slug description price category brand tags images stock variants { colorId color stock offered } sold orderLines archivedAt version createdAt updatedAt`;

interface Whole {
  id: string;
  title: string;
  version: number;
  stock: number;
  archivedAt: string | null;
  variants: { colorId: string; color: string; stock: number; offered: boolean }[];
}

const input = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: '<p>Sharp <em>pictures</em></p><script>alert(1)</script>',
  price: 64999,
  category: 'Cameras',
  brand: 'Acme',
  tags: ['new'],
  colors: ['black', 'silver'],
  images: ['/api/images/product/camera-black-1.svg'],
  ...extra,
});

describe('the catalogue desk in the admin schema', () => {
  it('creates, reads, lists, edits, counts stock, archives and restores a product; every field through the api', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const title = `Gateway Camera ${Date.now().toString(36)}`;
    const made = await desk.admin<{ createProduct: Whole }>(`mutation($i: ProductInput!) { createProduct(input: $i) { ${WHOLE} } }`, {
      i: input(title, { stock: [{ color: 'black', units: 3 }] }),
    });
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined();
    const p = made.data?.createProduct as Whole & {
      description: string;
      orderLines: number;
      sold: number;
      tags: string[];
      images: string[];
    };
    expect(p).toMatchObject({
      title,
      description: '<p>Sharp <em>pictures</em></p>',
      price: 64999,
      stock: 3,
      sold: 0,
      orderLines: 0,
      tags: ['new'],
      images: ['/api/images/product/camera-black-1.svg'],
      archivedAt: null,
      version: 0,
    });
    expect(p.variants.map((v) => [v.color, v.stock, v.offered])).toEqual([
      ['black', 3, true],
      ['silver', 0, true],
    ]);

    const one = await desk.admin<{ catalogueProduct: Whole }>(`query($id: ID!) { catalogueProduct(id: $id) { ${WHOLE} } }`, { id: p.id });
    expect(one.data?.catalogueProduct.id).toBe(p.id);
    const none = await desk.admin('query { catalogueProduct(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(none.data).toEqual({ catalogueProduct: null });

    const list = await desk.admin<{ catalogueProducts: { items: Whole[]; total: number; page: number; pageSize: number } }>(
      `query($f: CatalogueFilter) { catalogueProducts(filter: $f, pageSize: 10) { items { ${SUMMARY} } total page pageSize } }`,
      { f: { search: title, status: 'ACTIVE', category: 'Cameras', brand: 'Acme' } },
    );
    expect(list.data?.catalogueProducts).toMatchObject({ total: 1, page: 1, pageSize: 10, items: [{ id: p.id, stock: 3 }] });

    const edited = await desk.admin<{ updateProduct: Whole & { price: number } }>(
      `mutation($id: ID!, $v: Int!, $i: ProductInput!) { updateProduct(id: $id, version: $v, input: $i) { ${WHOLE} } }`,
      { id: p.id, v: p.version, i: input(title, { price: 59999 }) },
    );
    expect(edited.data?.updateProduct).toMatchObject({ price: 59999, version: 1 });
    const stale = await desk.admin(
      `mutation($id: ID!, $v: Int!, $i: ProductInput!) { updateProduct(id: $id, version: $v, input: $i) { id } }`,
      {
        id: p.id,
        v: p.version,
        i: input(title, { price: 1 }),
      },
    );
    expect(stale.errors?.[0]?.extensions.code).toBe('VERSION_CONFLICT');

    const black = p.variants[0] as Whole['variants'][number];
    const counted = await desk.admin<{ setStock: Whole }>(
      `mutation($id: ID!, $c: [StockChangeInput!]!) { setStock(id: $id, changes: $c) { ${WHOLE} } }`,
      { id: p.id, c: [{ colorId: black.colorId, stock: 2, expected: 3 }] },
    );
    expect(counted.data?.setStock.variants[0]?.stock).toBe(2);
    const overtaken = await desk.admin(`mutation($id: ID!, $c: [StockChangeInput!]!) { setStock(id: $id, changes: $c) { id } }`, {
      id: p.id,
      c: [{ colorId: black.colorId, stock: 9, expected: 3 }],
    });
    expect(overtaken.errors?.[0]).toMatchObject({
      extensions: { code: 'VERSION_CONFLICT' },
      message: expect.stringContaining('it is now 2'),
    });

    const low = await desk.admin<{
      lowStock: { threshold: number; items: { productId: string; title: string; colorId: string; color: string; stock: number }[] };
    }>('{ lowStock { threshold items { productId title colorId color stock } } }');
    expect(low.data?.lowStock.threshold).toBe(5);
    expect(low.data?.lowStock.items.filter((i) => i.productId === p.id)).toEqual([
      { productId: p.id, title, colorId: p.variants[1]?.colorId, color: 'silver', stock: 0 },
      { productId: p.id, title, colorId: black.colorId, color: 'black', stock: 2 },
    ]);

    const archived = await desk.admin<{ archiveProduct: Whole }>(
      `mutation($id: ID!, $v: Int!) { archiveProduct(id: $id, version: $v) { ${WHOLE} } }`,
      {
        id: p.id,
        v: 1,
      },
    );
    expect(archived.data?.archiveProduct.archivedAt).toEqual(expect.any(String));
    const gone = await gw.gql<{ product: null }>('query($id: ID!) { product(id: $id) { id } }', { id: p.id });
    expect(gone.data?.product).toBeNull();
    const restored = await desk.admin<{ restoreProduct: Whole }>(
      `mutation($id: ID!, $v: Int!) { restoreProduct(id: $id, version: $v) { ${WHOLE} } }`,
      {
        id: p.id,
        v: archived.data?.archiveProduct.version,
      },
    );
    expect(restored.data?.restoreProduct.archivedAt).toBeNull();
  });

  it('keeps pictures with their words: made with them, kept at once by setProductPictures, kept by an update that leaves them out, shown to the store', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const A = '/api/images/product/camera-black-1.svg';
    const B = '/api/images/product/camera-black-2.svg';
    const PICTURED = `${WHOLE} pictures { url alt }`;
    type Pictured = Whole & { pictures: { url: string; alt: string }[]; images: string[] };
    const { images: _urls, ...noImages } = input(`Pictured Camera ${Date.now().toString(36)}`);
    const made = await desk.admin<{ createProduct: Pictured }>(`mutation($i: ProductInput!) { createProduct(input: $i) { ${PICTURED} } }`, {
      i: { ...noImages, pictures: [{ url: A, alt: 'The camera from the front' }] },
    });
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined();
    const p = made.data?.createProduct as Pictured;
    expect(p.pictures).toEqual([{ url: A, alt: 'The camera from the front' }]);
    expect(p.images).toEqual([A]);

    const both = await desk.admin(`mutation($i: ProductInput!) { createProduct(input: $i) { id } }`, {
      i: { ...noImages, title: 'Both ways', images: [A], pictures: [{ url: A, alt: '' }] },
    });
    expect(both.errors?.[0]).toMatchObject({
      message: 'Give the pictures as images or as pictures, not both',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    const kept = await desk.admin<{ setProductPictures: Pictured }>(
      `mutation($id: ID!, $e: [PictureInput!]!, $p: [PictureInput!]!) { setProductPictures(id: $id, expected: $e, pictures: $p) { ${PICTURED} } }`,
      { id: p.id, e: p.pictures, p: [{ url: B, alt: 'Tilted left' }, ...p.pictures] },
    );
    expect(kept.errors, JSON.stringify(kept.errors)).toBeUndefined();
    expect(kept.data?.setProductPictures).toMatchObject({ version: p.version + 1, images: [B, A] });
    const stale = await desk.admin(
      `mutation($id: ID!, $e: [PictureInput!]!, $p: [PictureInput!]!) { setProductPictures(id: $id, expected: $e, pictures: $p) { id } }`,
      { id: p.id, e: p.pictures, p: [{ url: B, alt: '' }] },
    );
    expect(stale.errors?.[0]?.extensions.code).toBe('VERSION_CONFLICT');

    const edited = await desk.admin<{ updateProduct: Pictured }>(
      `mutation($id: ID!, $v: Int!, $i: ProductInput!) { updateProduct(id: $id, version: $v, input: $i) { ${PICTURED} } }`,
      { id: p.id, v: kept.data?.setProductPictures.version, i: { ...noImages, price: 1234 } },
    );
    expect(edited.errors, JSON.stringify(edited.errors)).toBeUndefined();
    expect(edited.data?.updateProduct.pictures).toEqual([
      { url: B, alt: 'Tilted left' },
      { url: A, alt: 'The camera from the front' },
    ]);

    const shown = await gw.gql<{ product: { images: { url: string; alt: string | null }[] } }>(
      'query($id: ID!) { product(id: $id) { images { url alt } } }',
      { id: p.id },
    );
    expect(shown.data?.product.images).toEqual([
      { url: B, alt: 'Tilted left' },
      { url: A, alt: 'The camera from the front' },
    ]);
    const { browser: fulfilment } = await signedInStaff(gw, 'fulfilment');
    const refused = await fulfilment.admin(
      `mutation($id: ID!, $e: [PictureInput!]!, $p: [PictureInput!]!) { setProductPictures(id: $id, expected: $e, pictures: $p) { id } }`,
      { id: p.id, e: [], p: [{ url: A, alt: '' }] },
    );
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it('opens a preview only for a signed-in member whose form sent the session’s token, of a product that is there, with a draft that makes sense', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const made = await desk.admin<{ createProduct: Whole }>(`mutation($i: ProductInput!) { createProduct(input: $i) { id } }`, {
      i: input(`Previewed ${Date.now().toString(36)}`),
    });
    const id = made.data?.createProduct.id as string;
    const draft = JSON.stringify({
      title: 'Draft title',
      description: '<p>New</p>',
      price: 1999,
      category: 'Cameras',
      brand: 'Acme',
      tags: ['new'],
    });
    const post = (to: string, fields: Record<string, string>, cookies = desk.cookies) =>
      fetch(`${gw.url}/admin/preview/product/${to}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: new URLSearchParams(fields).toString(),
      });
    const csrf = desk.cookies.get('digitic_staff_csrf') as string;
    // No token, another token, no session: no preview, and nothing of the product said.
    for (const [fields, cookies] of [
      [{ draft }, desk.cookies],
      [{ draft, csrf: `${csrf}x` }, desk.cookies],
      [{ draft, csrf }, new Map<string, string>()],
    ] as const) {
      const res = await post(id, fields, cookies);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe('Sign in to the back office, then open the preview from the product’s page.');
    }
    const missing = await post('00000000-0000-4000-8000-000000000000', { draft, csrf });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('No preview: Product not found');
    const bad = await post(id, { draft: JSON.stringify({ ...JSON.parse(draft), price: -5 }), csrf });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('No preview: price is a whole number of rupees, 0 to 100,000,000.');
    // This gateway serves no storefront: the preview says so (the browser journey renders one).
    const shown = await post(id, { draft, csrf });
    expect(shown.status).toBe(503);
    expect(shown.headers.get('cache-control')).toBe('no-store');
  });

  it('lets fulfilment read the catalogue but not change it; the api refuses, naming the permission', async () => {
    const { browser: packer } = await signedInStaff(gw, 'fulfilment');
    const list = await packer.admin<{ catalogueProducts: { total: number } }>('{ catalogueProducts { total } }');
    expect(list.data?.catalogueProducts.total).toBeGreaterThan(0);
    const made = await packer.admin('mutation($i: ProductInput!) { createProduct(input: $i) { id } }', { i: input(`Nope ${Date.now()}`) });
    expect(made.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringContaining('catalogue:write') });
  });
});

describe('the catalogue vocabulary in the admin schema', () => {
  it('lists, adds, renames and deletes terms and colours; every field through the api', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const FIELDS = 'brands { value products } categories { value products } tags { value products } colors { id swatch name products }';
    type Terms = {
      brands: { value: string; products: number }[];
      categories: { value: string; products: number }[];
      tags: { value: string; products: number }[];
      colors: { id: string; swatch: string; name: string; products: number }[];
    };
    const listed = await desk.admin<{ catalogueTerms: Terms }>(`{ catalogueTerms { ${FIELDS} } }`);
    expect(listed.data?.catalogueTerms.categories.map((c) => c.value)).toContain('Cameras');
    expect(listed.data?.catalogueTerms.colors.find((c) => c.swatch === 'black')?.products).toBeGreaterThan(0);
    const word = `gw${Date.now().toString(36)}`;
    const added = await desk.admin<{ addTerm: Terms }>(`mutation($v: String!) { addTerm(kind: TAG, value: $v) { ${FIELDS} } }`, {
      v: word,
    });
    expect(added.data?.addTerm.tags).toContainEqual({ value: word, products: 0 });
    const renamed = await desk.admin<{ renameTerm: Terms }>(
      `mutation($v: String!, $to: String!) { renameTerm(kind: TAG, value: $v, to: $to) { ${FIELDS} } }`,
      { v: word, to: `${word}x` },
    );
    expect(renamed.data?.renameTerm.tags).toContainEqual({ value: `${word}x`, products: 0 });
    const deleted = await desk.admin<{ deleteTerm: Terms }>(`mutation($v: String!) { deleteTerm(kind: TAG, value: $v) { ${FIELDS} } }`, {
      v: `${word}x`,
    });
    expect(deleted.data?.deleteTerm.tags.map((t) => t.value)).not.toContain(`${word}x`);
    const inUse = await desk.admin('mutation { deleteTerm(kind: CATEGORY, value: "Cameras") { tags { value } } }');
    expect(inUse.errors?.[0]).toMatchObject({
      extensions: { code: 'CONFLICT' },
      message: expect.stringContaining('use the category “Cameras”'),
    });

    const colour = await desk.admin<{ addColour: Terms }>(`mutation { addColour(swatch: "#0a0b0c", name: "Deep ${word}") { ${FIELDS} } }`);
    const made = colour.data?.addColour.colors.find((c) => c.swatch === '#0a0b0c');
    expect(made).toMatchObject({ name: `Deep ${word}`, products: 0 });
    const changed = await desk.admin<{ updateColour: Terms }>(
      `mutation($id: ID!) { updateColour(id: $id, swatch: "#0a0b0d", name: "Deeper ${word}") { ${FIELDS} } }`,
      { id: made?.id },
    );
    expect(changed.data?.updateColour.colors.find((c) => c.id === made?.id)).toMatchObject({ swatch: '#0a0b0d', name: `Deeper ${word}` });
    const gone = await desk.admin<{ deleteColour: Terms }>(`mutation($id: ID!) { deleteColour(id: $id) { ${FIELDS} } }`, { id: made?.id });
    expect(gone.data?.deleteColour.colors.map((c) => c.id)).not.toContain(made?.id);
  });
});

describe('the catalogue as files, and bulk edits, through the gateway', () => {
  it('exports the selection as CSV and imports one with a dry run, with the session cookie and the CSRF header', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const cookies = [...desk.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const exported = await fetch(`${gw.url}/admin/files/catalogue.csv?status=active&q=Sony`, { headers: { Cookie: cookies } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="?catalogue.csv"?$/);
    const csv = await exported.text();
    expect(csv.split('\r\n')[0]).toBe(
      'title,slug,description,price,category,brand,tags,colors,images,hsn_code,gst_rate,country_of_origin,manufacturer,importer,stock_now',
    );
    expect(csv).toContain('Sony');
    const send = (dryRun: boolean, headers: Record<string, string>) =>
      fetch(`${gw.url}/admin/files/catalogue-import?dryRun=${dryRun}`, {
        method: 'POST',
        headers: { Cookie: cookies, 'Content-Type': 'text/csv', ...headers },
        body: csv,
      });
    const csrf = desk.cookies.get('digitic_staff_csrf') as string;
    const plan = await send(true, { 'X-CSRF-Token': csrf });
    expect(plan.status).toBe(200);
    const body = (await plan.json()) as { dryRun: boolean; errors: unknown[]; changes: { action: string }[] };
    expect(body.dryRun).toBe(true);
    expect(body.errors).toEqual([]);
    expect(body.changes.every((c) => c.action === 'unchanged')).toBe(true);
    // Without the CSRF header the api refuses the write, whatever the cookie.
    expect((await send(false, {})).status).toBe(403);
    // Without a session, nothing.
    expect((await fetch(`${gw.url}/admin/files/catalogue.csv`)).status).toBe(401);
  });

  it('previews and makes a bulk price and stock change', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const brand = `Bulk${Date.now().toString(36)}`;
    for (const n of [1, 2]) {
      await desk.admin('mutation($i: ProductInput!) { createProduct(input: $i) { id } }', {
        i: input(`${brand} ${n}`, { brand, price: 10_000 * n, stock: [{ color: 'black', units: 1 }] }),
      });
    }
    type Result = {
      bulkEditProducts: { dryRun: boolean; products: number; sample: { id: string; title: string; price: number; newPrice: number }[] };
    };
    const EDIT = 'mutation($i: BulkEditInput!) { bulkEditProducts(input: $i) { dryRun products sample { id title price newPrice } } }';
    const preview = await desk.admin<Result>(EDIT, { i: { filter: { brand }, pricePercent: 10, dryRun: true } });
    expect(preview.data?.bulkEditProducts).toMatchObject({ dryRun: true, products: 2 });
    expect(preview.data?.bulkEditProducts.sample.map((s) => s.newPrice).sort()).toEqual([11_000, 22_000]);
    const done = await desk.admin<Result>(EDIT, { i: { filter: { brand }, setPrice: 999, addStock: 2 } });
    expect(done.data?.bulkEditProducts).toMatchObject({ dryRun: false, products: 2 });
    const list = await desk.admin<{ catalogueProducts: { items: { price: number; stock: number }[] } }>(
      'query($f: CatalogueFilter) { catalogueProducts(filter: $f) { items { price stock } } }',
      { f: { brand } },
    );
    expect(list.data?.catalogueProducts.items).toEqual([
      { price: 999, stock: 5 },
      { price: 999, stock: 5 },
    ]);
    const both = await desk.admin(EDIT, { i: { filter: { brand }, setPrice: 1, pricePercent: 5 } });
    expect(both.errors?.[0]?.message).toBe('price takes set or percent, one of them');
  });
});
