import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListedProduct, newCustomer, someProducts, startTestApi, type TestApi, type TestCustomer } from '../test/harness.js';

let api: TestApi;
let products: ListedProduct[];
beforeAll(async () => {
  api = await startTestApi();
  products = await someProducts(api, 'limit=5&sort=-price');
});
afterAll(() => api.close());

const product = (i: number) => products[i] as ListedProduct;
const add = (c: TestCustomer, body: Record<string, unknown>) => api.http.post('/api/user/cart').set(c.auth).send(body);

describe('POST /api/user/cart', () => {
  it("adds a line at the product's own price, whatever price is sent", async () => {
    const c = await newCustomer(api);
    const p = product(0);
    const res = await add(c, { productId: p._id, color: p.color[0]?._id, quantity: 2, price: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      _id: expect.any(String),
      productId: { _id: p._id, title: p.title, price: p.price },
      color: { _id: p.color[0]?._id, title: p.color[0]?.title },
      quantity: 2,
      price: p.price,
    });
    const stored = await api.database.db.selectFrom('cart_lines').select('price').where('id', '=', res.body._id).executeTakeFirstOrThrow();
    expect(stored.price).toBe(p.price);
  });

  it('answers a write with the whole cart (?return=cart), each product whole (?expand=product)', async () => {
    const c = await newCustomer(api);
    const [p, q] = [product(0), product(1)];
    await add(c, { productId: p._id, color: p.color[0]?._id, quantity: 1 });
    const res = await api.http
      .post('/api/user/cart?return=cart&expand=product')
      .set(c.auth)
      .send({ productId: q._id, color: q.color[0]?._id, quantity: 3 });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body[1]).toMatchObject({
      quantity: 3,
      productId: { _id: q._id, title: q.title, price: q.price, color: q.color, ratings: [] },
    });
    expect((await api.http.get('/api/user/cart?expand=product').set(c.auth)).body).toEqual(res.body);
    const lineId = res.body[1]._id as string;
    const changed = await api.http.delete(`/api/user/update-product-cart/${lineId}/4?return=cart`).set(c.auth);
    expect(changed.body.map((l: { quantity: number }) => l.quantity)).toEqual([1, 4]);
    const removed = await api.http.delete(`/api/user/delete-product-cart/${lineId}?return=cart`).set(c.auth);
    expect(removed.body).toHaveLength(1);
    const wrong = await api.http.delete(`/api/user/delete-product-cart/${removed.body[0]._id}?return=line`).set(c.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'return', message: 'return must be "cart" (or left out)' });
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toHaveLength(1);
  });

  it('adds to the existing line for the same product and colour, up to 10', async () => {
    const c = await newCustomer(api);
    const p = product(1);
    const first = await add(c, { productId: p._id, color: p.color[0]?._id, quantity: 4 });
    const second = await add(c, { productId: p._id, color: p.color[0]?._id, quantity: 5 });
    expect(second.body._id).toBe(first.body._id);
    expect(second.body.quantity).toBe(9);
    const over = await add(c, { productId: p._id, color: p.color[0]?._id, quantity: 2 });
    expect(over.status).toBe(400);
    expect(over.body.field).toBe('quantity');
    const other = await add(c, { productId: p._id, color: p.color[1]?._id, quantity: 1 });
    expect(other.body._id).not.toBe(first.body._id);
  });

  it.each([0, 11, 1.5, '3x', -1, null])('refuses quantity %j', async (quantity) => {
    const c = await newCustomer(api);
    const p = product(0);
    const res = await add(c, { productId: p._id, color: p.color[0]?._id, quantity });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'quantity', message: 'Quantity must be a whole number from 1 to 10' });
  });

  it("refuses a colour the product does not come in, and a missing colour with the spec's message", async () => {
    const c = await newCustomer(api);
    const p = product(0);
    // A colour another listed product comes in and this one does not (whichever products the seed prices dearest).
    const foreign = products.flatMap((q) => q.color).find((col) => !p.color.some((own) => own._id === col._id));
    expect(foreign, 'the listed products should offer a colour the first one lacks').toBeDefined();
    const res = await add(c, { productId: p._id, color: foreign?._id, quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This colour is not available for this product');
    const missing = await add(c, { productId: p._id, color: '', quantity: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Please choose Color');
  });

  it('answers 404 for an unknown product and 401 without a token', async () => {
    const c = await newCustomer(api);
    const res = await add(c, {
      productId: '00000000-0000-4000-8000-000000000000',
      color: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(res.status).toBe(404);
    expect((await api.http.post('/api/user/cart').send({})).status).toBe(401);
  });
});

describe('the cart', () => {
  it("lists only the caller's lines, in the order added", async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    await add(a, { productId: product(0)._id, color: product(0).color[0]?._id, quantity: 1 });
    await add(a, { productId: product(1)._id, color: product(1).color[0]?._id, quantity: 3 });
    await add(b, { productId: product(2)._id, color: product(2).color[0]?._id, quantity: 1 });
    const res = await api.http.get('/api/user/cart').set(a.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((l: { productId: { _id: string } }) => l.productId._id)).toEqual([product(0)._id, product(1)._id]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['_id', 'color', 'price', 'productId', 'quantity']);
    expect(Object.keys(res.body[0].productId).sort()).toEqual(['_id', 'images', 'price', 'title']);
  });

  it('updates a quantity within 1 to 10', async () => {
    const c = await newCustomer(api);
    const line = (await add(c, { productId: product(0)._id, color: product(0).color[0]?._id, quantity: 1 })).body;
    const res = await api.http.delete(`/api/user/update-product-cart/${line._id}/7`).set(c.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: line._id, quantity: 7 });
    for (const bad of ['0', '11', '2.5', 'abc']) {
      const r = await api.http.delete(`/api/user/update-product-cart/${line._id}/${bad}`).set(c.auth);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Quantity must be a whole number from 1 to 10');
    }
  });

  it("answers 404 for another customer's line, and leaves it alone", async () => {
    const owner = await newCustomer(api);
    const thief = await newCustomer(api);
    const line = (await add(owner, { productId: product(0)._id, color: product(0).color[0]?._id, quantity: 2 })).body;
    expect((await api.http.delete(`/api/user/update-product-cart/${line._id}/9`).set(thief.auth)).status).toBe(404);
    expect((await api.http.delete(`/api/user/delete-product-cart/${line._id}`).set(thief.auth)).status).toBe(404);
    const still = await api.http.get('/api/user/cart').set(owner.auth);
    expect(still.body).toHaveLength(1);
    expect(still.body[0].quantity).toBe(2);
  });

  it('deletes a line and empties the cart', async () => {
    const c = await newCustomer(api);
    const line = (await add(c, { productId: product(0)._id, color: product(0).color[0]?._id, quantity: 1 })).body;
    await add(c, { productId: product(1)._id, color: product(1).color[0]?._id, quantity: 1 });
    await add(c, { productId: product(2)._id, color: product(2).color[0]?._id, quantity: 1 });
    const del = await api.http.delete(`/api/user/delete-product-cart/${line._id}`).set(c.auth);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true });
    expect((await api.http.delete(`/api/user/delete-product-cart/${line._id}`).set(c.auth)).status).toBe(404);
    expect((await api.http.delete('/api/user/delete-product-cart/not-an-id').set(c.auth)).status).toBe(404);
    const emptied = await api.http.delete('/api/user/empty-cart').set(c.auth);
    expect(emptied.body).toEqual({ deleted: 2 });
    expect((await api.http.get('/api/user/cart').set(c.auth)).body).toEqual([]);
  });

  it('needs a token for every cart call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const req of [
      api.http.get('/api/user/cart'),
      api.http.delete(`/api/user/delete-product-cart/${id}`),
      api.http.delete(`/api/user/update-product-cart/${id}/2`),
      api.http.delete('/api/user/empty-cart'),
    ]) {
      expect((await req).status).toBe(401);
    }
  });
});
