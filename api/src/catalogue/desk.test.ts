import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_KEPT_MS, pruneChanges } from '../catalogue/changes.js';
import { newCustomer, placeOrder, setStock, staffSession, startTestApi, TEST_ADDRESS, type TestApi } from '../test/harness.js';

let api: TestApi;
let desk: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  desk = await staffSession(api, 'catalogue');
});
afterAll(() => api.close());

const db = () => api.database.db;
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const newProduct = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: '<p>Light and <strong>fast</strong></p><img src=x onerror="alert(1)">',
  price: 54999,
  category: 'Laptops',
  brand: 'Acme',
  tags: ['new'],
  colors: ['black', 'silver'],
  images: ['/api/images/product/laptop-black-1.svg'],
  stock: { black: 4, silver: 0 },
  ...extra,
});

async function create(title: string, extra: Record<string, unknown> = {}) {
  const res = await api.http.post('/api/admin/catalogue/products').set(desk.auth).send(newProduct(title, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: string;
    version: number;
    slug: string;
    variants: { colorId: string; color: string; quantity: number; offered: boolean }[];
  };
}

const latestChange = async () =>
  Number((await sql<{ n: number }>`select coalesce(max(seq), 0) as n from catalogue_changes`.execute(db())).rows[0]?.n ?? 0);
const changesAfter = async (after: number) => (await api.http.get(`/api/catalogue/changes?after=${after}`)).body;
const inStore = async (title: string) =>
  ((await api.http.get(`/api/product?search=${encodeURIComponent(title)}`)).body as { _id: string }[]).map((p) => p._id);
const auditOf = (id: string) =>
  db().selectFrom('audit_log').select(['action', 'actor_label', 'before', 'after']).where('subject_id', '=', id).orderBy('id').execute();

describe('the catalogue desk: products', () => {
  it('creates a product with stock per colour, cleaned HTML, audited, and announced to the gateways', async () => {
    const title = `Desk Laptop ${tag()}`;
    const before = await latestChange();
    const made = await create(title);
    expect(made).toMatchObject({ slug: expect.stringMatching(/^desk-laptop-/), version: 0, stock: 4 });
    expect(made.variants.map((v) => [v.color, v.quantity, v.offered])).toEqual([
      ['black', 4, true],
      ['silver', 0, true],
    ]);
    const shown = (await api.http.get(`/api/product/${made.id}`)).body;
    expect(shown.description).toBe('<p>Light and <strong>fast</strong></p>');
    expect(await inStore(title)).toEqual([made.id]);
    const audit = await auditOf(made.id);
    expect(audit.map((a) => [a.action, a.actor_label])).toEqual([['product.created', desk.email]]);
    const log = await changesAfter(before);
    expect(log.changes.flatMap((c: { tags: string[] }) => c.tags)).toEqual(expect.arrayContaining([`product:${made.id}`, 'products']));
    expect(log.complete).toBe(true);
  });

  it('names what is wrong with a product, and an address already used', async () => {
    const bad = await api.http
      .post('/api/admin/catalogue/products')
      .set(desk.auth)
      .send(newProduct('', { price: -1 }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'title', message: 'title is required' });
    const colour = await api.http
      .post('/api/admin/catalogue/products')
      .set(desk.auth)
      .send(newProduct(`Odd ${tag()}`, { stock: { pink: 1 } }));
    expect(colour.status).toBe(400);
    expect(colour.body.message).toBe('stock names a colour not in colors: pink');
    const title = `Twin ${tag()}`;
    await create(title);
    const twin = await api.http.post('/api/admin/catalogue/products').set(desk.auth).send(newProduct(title));
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ field: 'slug', message: expect.stringContaining(`is already used by ${title}`) });
  });

  it('edits with the version read: the store shows the new price; a stale edit is refused; the audit keeps what changed', async () => {
    const title = `Editable ${tag()}`;
    const made = await create(title);
    const before = await latestChange();
    const edit = await api.http
      .put(`/api/admin/catalogue/products/${made.id}`)
      .set(desk.auth)
      .send({ ...newProduct(title), price: 49999, version: made.version });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.version).toBe(1);
    expect((await api.http.get(`/api/product/${made.id}`)).body.price).toBe(49999);
    // Stock is the stock desk's: an edit of the product leaves it as it was.
    expect(edit.body.variants.map((v: { quantity: number }) => v.quantity)).toEqual([4, 0]);
    const stale = await api.http
      .put(`/api/admin/catalogue/products/${made.id}`)
      .set(desk.auth)
      .send({ ...newProduct(title), price: 1, version: made.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect((await api.http.get(`/api/product/${made.id}`)).body.price).toBe(49999);
    const audit = (await auditOf(made.id)).find((a) => a.action === 'product.updated');
    expect(audit).toMatchObject({ before: { price: 54999 }, after: { price: 49999 } });
    // A price moves the product in lists: both its tag and the lists' are announced.
    const log = await changesAfter(before);
    expect(log.changes.map((c: { tags: string[] }) => c.tags)).toEqual([[`product:${made.id}`, 'products']]);
    // A new description touches the product alone.
    const after = await latestChange();
    await api.http
      .put(`/api/admin/catalogue/products/${made.id}`)
      .set(desk.auth)
      .send({ ...newProduct(title), price: 49999, description: '<p>New words</p>', version: 1 });
    expect((await changesAfter(after)).changes.map((c: { tags: string[] }) => c.tags)).toEqual([[`product:${made.id}`]]);
  });

  it('takes a colour off a product without losing its row, and gives a new colour no stock unless told', async () => {
    const title = `Recolour ${tag()}`;
    const made = await create(title);
    const edit = await api.http
      .put(`/api/admin/catalogue/products/${made.id}`)
      .set(desk.auth)
      .send({ ...newProduct(title), colors: ['silver', 'gold'], stock: undefined, version: 0 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.variants.map((v: { color: string; quantity: number; offered: boolean }) => [v.color, v.quantity, v.offered])).toEqual([
      ['silver', 0, true],
      ['gold', 0, true],
      ['black', 4, false],
    ]);
    const shown = (await api.http.get(`/api/product/${made.id}`)).body as { color: { title: string }[] };
    expect(shown.color.map((c) => c.title)).toEqual(['silver', 'gold']);
  });

  it('archives: out of the store, search, sitemap and facets, its page 404, refused at add-to-cart and checkout; orders and carts keep it', async () => {
    const title = `Archivable ${tag()}`;
    const brand = `Brand${tag()}`;
    const made = await create(title, { brand, stock: { black: 10, silver: 10 } });
    const p = { _id: made.id, title, price: 54999, color: made.variants.map((v) => ({ _id: v.colorId, title: v.color })) };
    const { orderId, customer } = await placeOrder(api, p);
    const carted = await newCustomer(api);
    await api.http.post('/api/user/cart').set(carted.auth).send({ productId: made.id, color: p.color[0]?._id, quantity: 1 });

    const archived = await api.http.post(`/api/admin/catalogue/products/${made.id}/archive`).set(desk.auth).send({ version: made.version });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.archivedAt).toEqual(expect.any(String));
    expect(await inStore(title)).toEqual([]);
    expect((await api.http.get(`/api/product/${made.id}`)).status).toBe(404);
    expect((await api.http.get(`/api/product/by-ids?ids=${made.id}`)).body).toEqual([]);
    expect((await api.http.get('/api/product/facets')).body.brands).not.toContain(brand);
    const sitemap = await api.http.get('/api/product/sitemap');
    expect(sitemap.body.items.map((i: { _id: string }) => i._id)).not.toContain(made.id);

    const add = await api.http.post('/api/user/cart').set(customer.auth).send({ productId: made.id, color: p.color[0]?._id, quantity: 1 });
    expect(add.status).toBe(409);
    expect(add.body.message).toBe('This product is no longer sold');
    // The cart that held it still does, and checkout says why it cannot go on.
    expect((await api.http.get('/api/user/cart').set(carted.auth)).body).toHaveLength(1);
    const checkout = await api.http.post('/api/user/order/checkout').set(carted.auth).send({ shippingInfo: TEST_ADDRESS });
    expect(checkout.status).toBe(409);
    expect(checkout.body.message).toBe(`Sorry, ${title} is no longer sold: remove it from your cart`);
    const orders = (await api.http.get('/api/user/getmyorders').set(customer.auth)).body.orders as {
      _id: string;
      orderItems: { product: { title: string } }[];
    }[];
    expect(orders.find((o) => o._id === orderId)?.orderItems[0]?.product.title).toBe(title);

    const again = await api.http
      .post(`/api/admin/catalogue/products/${made.id}/archive`)
      .set(desk.auth)
      .send({ version: archived.body.version });
    expect(again.status).toBe(409);
    const restored = await api.http
      .post(`/api/admin/catalogue/products/${made.id}/restore`)
      .set(desk.auth)
      .send({ version: archived.body.version });
    expect(restored.status).toBe(200);
    expect(await inStore(title)).toEqual([made.id]);
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['product.created', 'product.archived', 'product.restored']);
  });

  it('sets stock to what was counted, refusing a count that an order overtook; lists low stock', async () => {
    const title = `Counted ${tag()}`;
    const made = await create(title);
    const [black, silver] = made.variants as [(typeof made.variants)[number], (typeof made.variants)[number]];
    const set = await api.http
      .put(`/api/admin/catalogue/products/${made.id}/stock`)
      .set(desk.auth)
      .send({ changes: [{ colorId: silver.colorId, quantity: 2, expected: 0 }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.variants.map((v: { quantity: number }) => v.quantity)).toEqual([4, 2]);
    // An order took a black unit after the count was read.
    await setStock(db(), made.id, 3, black.colorId);
    const stale = await api.http
      .put(`/api/admin/catalogue/products/${made.id}/stock`)
      .set(desk.auth)
      .send({ changes: [{ colorId: black.colorId, quantity: 20, expected: 4 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'The stock of black changed since you read it (an order or a refund): it is now 3. Count again from there.',
    );
    // An edit of the product never sets an existing colour's stock (a stale form would undo sales): only the count does.
    const edit = await api.http
      .put(`/api/admin/catalogue/products/${made.id.toUpperCase()}`)
      .set(desk.auth)
      .send({ ...newProduct(title), stock: { black: 99, silver: 99 }, version: set.body.version });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.variants.map((v: { quantity: number }) => v.quantity)).toEqual([3, 2]);
    // Edited through an upper-case path, announced under the product's one spelling (the gateways' tag).
    const tags = (await changesAfter(0)).changes.flatMap((c: { tags: string[] }) => c.tags) as string[];
    expect(tags.filter((t) => t.toLowerCase() === `product:${made.id}`)).toEqual(expect.arrayContaining([`product:${made.id}`]));
    expect(tags).not.toContain(`product:${made.id.toUpperCase()}`);
    const low = await api.http.get('/api/admin/catalogue/low-stock').set(desk.auth);
    expect(low.body.threshold).toBe(5);
    expect(low.body.items.filter((i: { productId: string }) => i.productId === made.id)).toEqual([
      { productId: made.id, title, colorId: silver.colorId, color: 'silver', quantity: 2 },
      { productId: made.id, title, colorId: black.colorId, color: 'black', quantity: 3 },
    ]);
    const audit = (await auditOf(made.id)).find((a) => a.action === 'product.stock');
    expect(audit).toMatchObject({ before: { silver: 0 }, after: { silver: 2 } });
  });

  it('lists the desk’s products, archived ones too when asked, by title or address', async () => {
    const title = `Findable ${tag()}`;
    const made = await create(title);
    await api.http.post(`/api/admin/catalogue/products/${made.id}/archive`).set(desk.auth).send({ version: 0 });
    const active = await api.http.get(`/api/admin/catalogue/products?q=${encodeURIComponent(title)}`).set(desk.auth);
    expect(active.body.products).toEqual([]);
    const all = await api.http.get(`/api/admin/catalogue/products?status=all&q=${made.slug}`).set(desk.auth);
    expect(all.body).toMatchObject({ total: 1, products: [{ id: made.id, archivedAt: expect.any(String), stock: 4 }] });
    const bad = await api.http.get('/api/admin/catalogue/products?status=gone').set(desk.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status is active, archived or all');
  });
});

describe('the catalogue change log', () => {
  it('answers changes after a point in order, says when it no longer reaches back, and refuses a bad cursor', async () => {
    const start = await latestChange();
    const a = await create(`Log A ${tag()}`);
    const b = await create(`Log B ${tag()}`);
    const log = await changesAfter(start);
    expect(log.changes.map((c: { tags: string[] }) => c.tags[0])).toEqual([`product:${a.id}`, `product:${b.id}`]);
    expect(log.latest).toBe(log.changes.at(-1).seq);
    expect(await changesAfter(log.latest)).toEqual({ latest: log.latest, changes: [], complete: true, reachesBack: true });
    expect((await api.http.get('/api/catalogue/changes?after=-1')).status).toBe(400);
    // Changes an hour old are dropped: a reader further behind is told to drop all it cached.
    const dropped = await pruneChanges(db(), Date.now() + CHANGES_KEPT_MS + 1000);
    expect(dropped).toBeGreaterThan(0);
    await create(`Log C ${tag()}`);
    expect((await changesAfter(start)).reachesBack).toBe(false);
  });

  it('names on its answer the change a request recorded, and nothing on one that recorded none', async () => {
    const before = await latestChange();
    const made = await api.http
      .post('/api/admin/catalogue/products')
      .set(desk.auth)
      .send(newProduct(`Header ${tag()}`));
    expect(made.status).toBe(201);
    const seq = Number(made.headers['catalogue-change']);
    expect(seq).toBeGreaterThan(before);
    expect(seq).toBe(await latestChange());
    const read = await api.http.get(`/api/admin/catalogue/products/${made.body.id}`).set(desk.auth);
    expect(read.status).toBe(200);
    expect(read.headers['catalogue-change']).toBeUndefined();
    // A refused write recorded nothing.
    const refused = await api.http.post('/api/admin/catalogue/products').set(desk.auth).send({ title: '' });
    expect(refused.status).toBe(400);
    expect(refused.headers['catalogue-change']).toBeUndefined();
  });
});
