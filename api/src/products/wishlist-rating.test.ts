import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, someProducts, startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('wishlist', () => {
  it('toggles a product in and out and lists the wishlist with products', async () => {
    const c = await newCustomer(api);
    const [p, q] = await someProducts(api);
    const added = await api.http.put('/api/product/Wishlist').set(c.auth).send({ prodId: p?._id });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ _id: c.id, wishlist: [p?._id] });
    await api.http.put('/api/product/Wishlist').set(c.auth).send({ prodId: q?._id });
    const listed = await api.http.get('/api/user/wishlist').set(c.auth);
    expect(listed.status).toBe(200);
    expect(listed.body._id).toBe(c.id);
    expect(listed.body.wishlist.map((x: { _id: string }) => x._id)).toEqual([p?._id, q?._id]);
    expect(listed.body.wishlist[0]).toMatchObject({ title: p?.title, price: p?.price });
    const removed = await api.http.put('/api/product/Wishlist').set(c.auth).send({ prodId: p?._id });
    expect(removed.body.wishlist).toEqual([q?._id]);
  });

  it("keeps each customer's wishlist their own", async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    const [p] = await someProducts(api);
    await api.http.put('/api/product/Wishlist').set(a.auth).send({ prodId: p?._id });
    expect((await api.http.get('/api/user/wishlist').set(b.auth)).body.wishlist).toEqual([]);
  });

  it('answers 404 for an unknown product, 400 for a malformed id and 401 without a token', async () => {
    const c = await newCustomer(api);
    const unknown = await api.http.put('/api/product/Wishlist').set(c.auth).send({ prodId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const malformed = await api.http
      .put('/api/product/Wishlist')
      .set(c.auth)
      .send({ prodId: { $ne: null } });
    expect(malformed.status).toBe(400);
    expect((await api.http.put('/api/product/Wishlist').send({ prodId: '00000000-0000-4000-8000-000000000000' })).status).toBe(401);
    expect((await api.http.get('/api/user/wishlist')).status).toBe(401);
  });
});

describe('PUT /api/product/rating', () => {
  const rate = (auth: Record<string, string>, body: Record<string, unknown>) => api.http.put('/api/product/rating').set(auth).send(body);

  it('adds a rating by the signed-in customer and keeps the rounded mean', async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api, { firstname: 'Bina' });
    const [, , p] = await someProducts(api);
    const first = await rate(a.auth, { prodId: p?._id, star: 5, comment: 'Brilliant', postedby: b.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: p?._id, totalrating: 5, ratingCount: 1 });
    expect(first.body.ratings[0]).toMatchObject({ star: 5, comment: 'Brilliant', postedby: a.id, name: 'Asha' });
    const second = await rate(b.auth, { prodId: p?._id, star: 2, comment: 'Meh' });
    expect(second.body).toMatchObject({ totalrating: 4, ratingCount: 2 });
  });

  it('replaces the first rating when the same customer rates again', async () => {
    const a = await newCustomer(api);
    const [, , , p] = await someProducts(api);
    await rate(a.auth, { prodId: p?._id, star: 1, comment: 'Bad' });
    const again = await rate(a.auth, { prodId: p?._id, star: 4, comment: 'Better after an update' });
    expect(again.body.ratingCount).toBe(1);
    expect(again.body.totalrating).toBe(4);
    expect(again.body.ratings).toHaveLength(1);
    expect(again.body.ratings[0].comment).toBe('Better after an update');
  });

  it.each([
    [{ star: 0, comment: 'x' }, 'Please add star rating'],
    [{ comment: 'x' }, 'Please add star rating'],
    [{ star: 6, comment: 'x' }, 'whole number from 1 to 5'],
    [{ star: 3.5, comment: 'x' }, 'whole number from 1 to 5'],
    [{ star: 3, comment: '   ' }, 'Please Write Review About the Product'],
    [{ star: 3 }, 'Please Write Review About the Product'],
  ])('refuses %j', async (body, message) => {
    const c = await newCustomer(api);
    const [p] = await someProducts(api);
    const res = await rate(c.auth, { prodId: p?._id, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers 401 without a token and 404 for an unknown product', async () => {
    expect((await api.http.put('/api/product/rating').send({ prodId: 'x', star: 5, comment: 'x' })).status).toBe(401);
    const c = await newCustomer(api);
    const res = await rate(c.auth, { prodId: '00000000-0000-4000-8000-000000000000', star: 5, comment: 'x' });
    expect(res.status).toBe(404);
  });
});
