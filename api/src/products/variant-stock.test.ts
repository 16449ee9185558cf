import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRows, readImportFile, validateRows } from '../catalogue/import.js';
import { migrateTo, migrateToLatest } from '../db/migrate.js';
import { demoProducts } from '../db/seed.js';
import {
  type ListedProduct,
  newCustomer,
  openTestDb,
  placeOrder,
  setStock,
  someProducts,
  startTestApi,
  stockOf,
  type TestApi,
} from '../test/harness.js';
import { splitStock } from './stock.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
type Colour = ListedProduct['color'][number];

/** A product of the demo catalogue with at least two colours, its stock reset to 5 in every colour. */
async function twoColoured(offset: number) {
  const products = await someProducts(api, `limit=1&page=${offset + 1}&sort=title`);
  const p = products[0] as ListedProduct;
  await setStock(db(), p._id, 5);
  const [first, second] = p.color as [Colour, Colour];
  return { p, first, second };
}

describe('stock per colour', () => {
  it('shows each colour with its own stock, and the product the sum of them', async () => {
    const { p, first } = await twoColoured(0);
    await setStock(db(), p._id, 0, first._id);
    const product = (await api.http.get(`/api/product/${p._id}`)).body;
    const colours = product.color as { _id: string; quantity: number }[];
    expect(colours.find((c) => c._id === first._id)?.quantity).toBe(0);
    expect(colours.filter((c) => c._id !== first._id).every((c) => c.quantity === 5)).toBe(true);
    expect(product.quantity).toBe(5 * (colours.length - 1));
  });

  it('refuses a sold-out colour at add-to-cart, and more than a colour has; the other colours sell', async () => {
    const { p, first, second } = await twoColoured(1);
    await setStock(db(), p._id, 0, first._id);
    await setStock(db(), p._id, 2, second._id);
    const c = await newCustomer(api);
    const soldOut = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: first._id, quantity: 1 });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({ code: 'CONFLICT', field: 'color', message: `Sorry, this product is sold out in ${first.title}` });
    const tooMany = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: second._id, quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ field: 'quantity', message: `Sorry, only 2 of this product left in ${second.title}` });
    const two = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: second._id, quantity: 2 });
    expect(two.status).toBe(201);
    // Adding to the line: the line and the addition together must be in stock.
    const again = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: second._id, quantity: 1 });
    expect(again.status).toBe(409);
    // Raising a line's quantity past the colour's stock is refused; lowering it never is.
    const up = await api.http.delete(`/api/user/update-product-cart/${two.body._id}/3`).set(c.auth);
    expect(up.status).toBe(409);
    expect(up.body.message).toBe(`Sorry, only 2 of this product left in ${second.title}`);
    await setStock(db(), p._id, 0, second._id);
    const down = await api.http.delete(`/api/user/update-product-cart/${two.body._id}/1`).set(c.auth);
    expect(down.status).toBe(200);
    const cart = (await api.http.get('/api/user/cart').set(c.auth)).body as { quantity: number }[];
    expect(cart.map((l) => l.quantity)).toEqual([1]);
  });

  it('refuses a colour that sold out after it was added, at checkout, naming the colour', async () => {
    const { p, first, second } = await twoColoured(2);
    const c = await newCustomer(api);
    await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: first._id, quantity: 2 });
    await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: second._id, quantity: 1 });
    await setStock(db(), p._id, 0, first._id);
    const shippingInfo = {
      firstname: 'Asha',
      lastname: 'Patel',
      address: '12 MG Road',
      city: 'Surat',
      state: 'Gujarat',
      country: 'India',
      pincode: 395003,
    };
    const soldOut = await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe(`Sorry, ${p.title} in ${first.title} is out of stock`);
    await setStock(db(), p._id, 1, first._id);
    const short = await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`Sorry, only 1 of ${p.title} in ${first.title} left in stock`);
    await setStock(db(), p._id, 2, first._id);
    expect((await api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo })).status).toBe(201);
  });

  it('announces a colour selling out, and coming back, to the gateways; other sales announce nothing', async () => {
    const { p, first } = await twoColoured(4);
    await setStock(db(), p._id, 2, first._id);
    const latest = async () =>
      Number((await sql<{ n: number }>`select coalesce(max(seq), 0) as n from catalogue_changes`.execute(db())).rows[0]?.n);
    const tagsAfter = async (after: number) =>
      ((await api.http.get(`/api/catalogue/changes?after=${after}`)).body.changes as { tags: string[] }[]).map((c) => c.tags);
    const start = await latest();
    await placeOrder(api, { ...p, color: [first] });
    expect(await tagsAfter(start)).toEqual([]);
    const { orderId } = await placeOrder(api, { ...p, color: [first] });
    expect(await tagsAfter(start)).toEqual([[`product:${p._id}`]]);
    const sold = await latest();
    await api.services.cancels.cancel(orderId, { actor: { kind: 'system' }, reason: 'Sold by mistake' });
    expect(await tagsAfter(sold)).toEqual([[`product:${p._id}`]]);
  });

  it('never takes stock from a colour that is no longer offered', async () => {
    const { p, first } = await twoColoured(3);
    await db()
      .updateTable('product_colors')
      .set({ offered: false })
      .where('product_id', '=', p._id)
      .where('color_id', '=', first._id)
      .execute();
    const c = await newCustomer(api);
    const add = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: first._id, quantity: 1 });
    expect(add.status).toBe(400);
    expect(add.body.message).toBe('This colour is not available for this product');
    const product = (await api.http.get(`/api/product/${p._id}`)).body as { color: Colour[] };
    expect(product.color.map((c) => c._id)).not.toContain(first._id);
  });
});

describe('the stock split', () => {
  it('gives each colour an equal share and the remainder to the first colours', () => {
    expect(splitStock(100, 3)).toEqual([34, 33, 33]);
    expect(splitStock(1, 3)).toEqual([1, 0, 0]);
    expect(splitStock(0, 2)).toEqual([0, 0]);
    expect(splitStock(7, 1)).toEqual([7]);
  });
});

describe('the import, per colour', () => {
  const row = (extra: string) =>
    `title,description,price,category,brand,colors,images${extra ? `,${extra.split('=')[0]}` : ''}\nStock Test ${Date.now()},<p>x</p>,10,Tv,B,Red|Blue|Green,https://x.example/a.png${extra ? `,${extra.split('=')[1]}` : ''}\n`;

  it('reads stock per colour, and names what is wrong with it', () => {
    const good = validateRows(readImportFile(row('stock=Red:5|Green:2'), 'csv'));
    expect(good.errors).toEqual([]);
    expect(good.products[0]?.stock).toEqual({ Red: 5, Green: 2 });
    expect(validateRows(readImportFile(row('stock=Red:5|Pink:1'), 'csv')).errors.map((e) => e.message)).toEqual([
      'stock names a colour not in colors: Pink',
    ]);
    expect(validateRows(readImportFile(row('stock=Red five'), 'csv')).errors.map((e) => e.message)).toEqual([
      'stock is colour:units pairs, like black:5|white:3',
    ]);
    const both = JSON.stringify([
      {
        title: 'Both',
        description: '',
        price: 1,
        category: 'Tv',
        brand: 'B',
        colors: ['Red'],
        images: ['https://x.example/a.png'],
        quantity: 3,
        stock: { Red: 2 },
      },
    ]);
    expect(validateRows(readImportFile(both, 'json', 'products')).errors.map((e) => e.message)).toEqual([
      'quantity is 3 but stock adds up to 2: give one or make them agree',
    ]);
  });

  it('keeps a colour the file drops as a variant not offered, with its cart lines', async () => {
    const title = `Variant Keeper ${Date.now()}`;
    const file = (colors: string, stock: string) =>
      `title,description,price,category,brand,colors,images,stock\n${title},<p>x</p>,10,Tv,B,${colors},https://x.example/a.png,${stock}\n`;
    await importRows(db(), validateRows(readImportFile(file('Red|Blue', 'Red:4|Blue:6'), 'csv')));
    const [p] = (await api.http.get(`/api/product?search=${encodeURIComponent(title)}`)).body as (ListedProduct & { quantity: number })[];
    expect(p?.quantity).toBe(10);
    const blue = p?.color.find((c) => c.title === 'Blue') as Colour;
    const c = await newCustomer(api);
    expect((await api.http.post('/api/user/cart').set(c.auth).send({ productId: p?._id, color: blue._id, quantity: 1 })).status).toBe(201);
    // Blue leaves the product: the import used to fail here (the cart line held the colour's row).
    const second = await importRows(db(), validateRows(readImportFile(file('Red', 'Red:4'), 'csv')));
    expect(second.products).toEqual({ created: 0, updated: 1 });
    const after = (await api.http.get(`/api/product/${p?._id}`)).body as { color: Colour[]; quantity: number };
    expect(after.color.map((x) => x.title)).toEqual(['Red']);
    expect(after.quantity).toBe(4);
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(1);
    // Blue comes back: offered again, with the stock the file gives it.
    await importRows(db(), validateRows(readImportFile(file('Red|Blue', 'Red:4|Blue:1'), 'csv')));
    expect((await stockOf(db(), p?._id as string)).byColor[blue._id]).toBe(1);
  });
});

describe('the migration that moved stock onto colours', () => {
  it('moves a copy of the demo catalogue without losing a unit, by the documented rule', async () => {
    const target = await openTestDb();
    try {
      await migrateTo(target.db, '0012-passkeys');
      // The demo catalogue as it stood before, with stock figures that do not divide evenly.
      const demo = demoProducts();
      const before = new Map<string, number>();
      for (const [i, p] of demo.entries()) {
        const quantity = [0, 1, 7, 100, 101, 3][i % 6] as number;
        before.set(p.slug, quantity);
        const { rows } = await sql<{ id: string }>`
          insert into products (title, slug, description, price, category, brand, tags, images, quantity)
          values (${p.title}, ${p.slug}, ${p.description}, ${p.price}, ${p.category}, ${p.brand}, ${p.tags}, ${JSON.stringify(p.images.map((url) => ({ url })))}, ${quantity})
          returning id
        `.execute(target.db);
        for (const [position, title] of p.colors.entries()) {
          await sql`insert into colors (title) values (${title}) on conflict (title) do nothing`.execute(target.db);
          await sql`
            insert into product_colors (product_id, color_id, position)
            select ${rows[0]?.id}, id, ${position} from colors where title = ${title}
          `.execute(target.db);
        }
      }
      await migrateToLatest(target.db);
      const after = await sql<{ slug: string; title: string; quantity: number; position: number }>`
        select p.slug, c.title, pc.quantity, pc.position from product_colors pc
        join products p on p.id = pc.product_id join colors c on c.id = pc.color_id
        order by p.slug, pc.position
      `.execute(target.db);
      for (const p of demo) {
        const variants = after.rows.filter((r) => r.slug === p.slug);
        expect(variants.map((v) => v.title)).toEqual(p.colors);
        expect(variants.map((v) => v.quantity)).toEqual(splitStock(before.get(p.slug) as number, p.colors.length));
        expect(variants.reduce((sum, v) => sum + v.quantity, 0)).toBe(before.get(p.slug));
      }
    } finally {
      await target.drop();
    }
  });

  it('stops and names a product that has stock but no colour', async () => {
    const target = await openTestDb();
    try {
      await migrateTo(target.db, '0012-passkeys');
      await sql`
        insert into products (title, slug, description, price, category, brand, tags, images, quantity)
        values ('Colourless', 'colourless', '', 1, 'Tv', 'B', '{}', '[]', 4)
      `.execute(target.db);
      await expect(migrateToLatest(target.db)).rejects.toThrow(
        'Stock moves onto each product\'s colours, and these products have stock but no colour: "Colourless" (4).',
      );
    } finally {
      await target.drop();
    }
  });
});
