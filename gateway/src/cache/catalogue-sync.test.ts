import { staffSession } from '@digitic/api/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, startTestGateway, type TestGateway } from '../test/harness.js';
import { CatalogueSync } from './catalogue-sync.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const PRODUCT = 'query($id: ID!) { product(id: $id) { id title price inStock variants { inStock } } }';
const STORE = '{ products(pageSize: 100, sort: PRICE_ASC) { items { id price } } }';
type One = { product: { id: string; title: string; price: number; inStock: boolean } | null };
type Store = { products: { items: { id: string; price: number }[] } };

/** Calls to the api for products, since `from`. */
const productCalls = (from: number) => gw.api.requests.slice(from).filter((r) => r.startsWith('GET /api/product'));

describe('the response cache follows the catalogue change log', () => {
  it('serves a product from the cache until the desk changes it, then the new price at once; other products stay cached', async () => {
    const listed = await gw.api.http.get('/api/product?limit=2&sort=title');
    const [a, b] = listed.body as { _id: string; title: string; price: number }[];
    if (!a || !b) throw new Error('the demo catalogue has products');
    await gw.gql<One>(PRODUCT, { id: a._id });
    await gw.gql<One>(PRODUCT, { id: b._id });
    await gw.gql<Store>(STORE);
    const warm = gw.api.requests.length;
    expect((await gw.gql<One>(PRODUCT, { id: a._id })).data?.product?.price).toBe(a.price);
    expect(productCalls(warm)).toEqual([]);

    const desk = await staffSession(gw.api, 'catalogue');
    const read = (await gw.api.http.get(`/api/admin/catalogue/products/${a._id}`).set(desk.auth)).body;
    const edit = await gw.api.http
      .put(`/api/admin/catalogue/products/${a._id}`)
      .set(desk.auth)
      .send({
        title: read.title,
        description: read.description,
        price: a.price - 1000,
        category: read.category,
        brand: read.brand,
        tags: read.tags,
        colors: read.variants.filter((v: { offered: boolean }) => v.offered).map((v: { color: string }) => v.color),
        images: read.images,
        version: read.version,
      });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await gw.syncCatalogue();

    const before = gw.api.requests.length;
    expect((await gw.gql<One>(PRODUCT, { id: a._id })).data?.product?.price).toBe(a.price - 1000);
    // A price moves the product in lists: the store's page is made again too.
    const store = await gw.gql<Store>(STORE);
    expect(store.data?.products.items.find((p) => p.id === a._id)?.price).toBe(a.price - 1000);
    // The other product's answer was untouched by the change: still from the cache.
    const calls = productCalls(before);
    expect((await gw.gql<One>(PRODUCT, { id: b._id })).data?.product?.id).toBe(b._id);
    expect(productCalls(before)).toEqual(calls);
  });

  it('drops an archived product from the cache: null at once, and back when restored', async () => {
    const listed = await gw.api.http.get('/api/product?limit=1&page=5&sort=title');
    const [p] = listed.body as { _id: string }[];
    if (!p) throw new Error('the demo catalogue has products');
    expect((await gw.gql<One>(PRODUCT, { id: p._id })).data?.product?.id).toBe(p._id);
    const desk = await staffSession(gw.api, 'catalogue');
    const archived = await gw.api.http.post(`/api/admin/catalogue/products/${p._id}/archive`).set(desk.auth).send({ version: 0 });
    expect(archived.status).toBe(200);
    await gw.syncCatalogue();
    expect((await gw.gql<One>(PRODUCT, { id: p._id })).data?.product).toBeNull();
    expect((await gw.gql<Store>(STORE)).data?.products.items.map((i) => i.id)).not.toContain(p._id);
    await gw.api.http.post(`/api/admin/catalogue/products/${p._id}/restore`).set(desk.auth).send({ version: archived.body.version });
    await gw.syncCatalogue();
    expect((await gw.gql<One>(PRODUCT, { id: p._id })).data?.product?.id).toBe(p._id);
  });

  it('keeps to its own reading: a change is served without being asked', async () => {
    const [p] = (await gw.api.http.get('/api/product?limit=1&page=7&sort=title')).body as { _id: string; price: number }[];
    if (!p) throw new Error('the demo catalogue has products');
    await gw.gql<One>(PRODUCT, { id: p._id });
    const desk = await staffSession(gw.api, 'catalogue');
    const read = (await gw.api.http.get(`/api/admin/catalogue/products/${p._id}`).set(desk.auth)).body;
    await gw.api.http
      .put(`/api/admin/catalogue/products/${p._id}`)
      .set(desk.auth)
      .send({
        ...read,
        colors: read.variants.filter((v: { offered: boolean }) => v.offered).map((v: { color: string }) => v.color),
        price: p.price + 7,
        stock: undefined,
      });
    // No syncCatalogue() here: the gateway's own timer reads the change log (every CATALOGUE_SYNC_MS, 250 ms). How
    // soon is the interval's to say, not a deadline here: a busy machine may take a few of them.
    await expect
      .poll(async () => (await gw.gql<One>(PRODUCT, { id: p._id })).data?.product?.price, { timeout: 10_000, interval: 25 })
      .toBe(p.price + 7);
  });
});

describe('a change made through this gateway is on its next answer', () => {
  // The gateway's own reading of the change log is slowed to once a minute here: only the mutation's own
  // catching up can make the next answer fresh.
  let slow: TestGateway;
  beforeAll(async () => {
    slow = await startTestGateway({ CATALOGUE_SYNC_MS: '60000' });
  });
  afterAll(() => slow.close());

  it('shows a review at once on the product it was written for, though the product was cached before', async () => {
    const [p] = (await slow.api.http.get('/api/product?limit=1&page=9&sort=title')).body as { _id: string }[];
    if (!p) throw new Error('the demo catalogue has products');
    const REVIEWS = 'query($id: ID!) { product(id: $id) { id reviewCount reviews { comment } } }';
    type Reviews = { product: { reviewCount: number; reviews: { comment: string }[] } | null };
    const before = (await slow.gql<Reviews>(REVIEWS, { id: p._id })).data?.product;
    if (!before) throw new Error('the product is there');
    const customer = await signUp(slow, 'Meera');
    const comment = `Sharp screen, ${Date.now().toString(36)}`;
    const rated = await slow.gql(
      'mutation($i: RateProductInput!) { rateProduct(input: $i) { id } }',
      { i: { productId: p._id, star: 5, comment } },
      customer.token,
    );
    expect(rated.errors).toBeUndefined();
    const after = (await slow.gql<Reviews>(REVIEWS, { id: p._id })).data?.product;
    expect(after?.reviewCount).toBe(before.reviewCount + 1);
    expect(after?.reviews.map((r) => r.comment)).toContain(comment);
  });

  it('reads the log after a mutation only when the mutation recorded a change: a cart’s records none', async () => {
    const [p] = (await slow.api.http.get('/api/product?limit=1&page=4&sort=title')).body as { _id: string; color: { _id: string }[] }[];
    if (!p) throw new Error('the demo catalogue has products');
    const customer = await signUp(slow, 'Kabir');
    const logReads = (from: number) => slow.api.changeLogReads() - from;
    const from = slow.api.changeLogReads();
    const added = await slow.gql<{ addToCart: { lineCount: number } }>(
      'mutation($i: AddToCartInput!) { addToCart(input: $i) { lineCount } }',
      { i: { productId: p._id, colorId: p.color[0]?._id, quantity: 1 } },
      customer.token,
    );
    expect(added.errors).toBeUndefined();
    expect(added.data?.addToCart.lineCount).toBeGreaterThan(0);
    expect(logReads(from)).toBe(0);
    const rated = await slow.gql(
      'mutation($i: RateProductInput!) { rateProduct(input: $i) { id } }',
      { i: { productId: p._id, star: 4, comment: 'Good' } },
      customer.token,
    );
    expect(rated.errors).toBeUndefined();
    expect(logReads(from)).toBe(1);
  });
});

/** A mutation's catch-up waits for a read that does not answer, and no longer than `ms` (fake timers). */
async function expectCatchUpWaits(sync: CatalogueSync, ms: number) {
  let done = false;
  void sync.catchUp().then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(done).toBe(true);
}

describe('a mutation waits for the change log only so long', () => {
  const page = { latest: 3, changes: [], reachesBack: true, complete: true };

  it('answers after catchUpMs when the api does not answer the read, at once when the log could not be read before, and once read when it is', async () => {
    vi.useFakeTimers();
    try {
      // A read that never answers, as a request to a stuck api does not until its upstream timeout.
      const stuck = new CatalogueSync({ intervalMs: 60_000, catchUpMs: 1_000, changes: () => new Promise(() => {}) });
      await expectCatchUpWaits(stuck, 1_000);

      // A log that could not be read the last time: the answer does not wait for it at all.
      let reads = 0;
      const failing = new CatalogueSync({
        intervalMs: 60_000,
        catchUpMs: 1_000,
        changes: () => (++reads === 1 ? Promise.reject(new Error('connect ECONNREFUSED')) : new Promise(() => {})),
      });
      await failing.read();
      await failing.catchUp();
      expect(reads).toBe(2);

      // An api that answers: caught up with no time passing, the log read past the change.
      const answering = new CatalogueSync({ intervalMs: 60_000, catchUpMs: 1_000, changes: () => Promise.resolve(page) });
      await answering.catchUp();
      expect(answering.stamp).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing while the api is starting, tells a log it cannot read after startingMs, and at once once it has read it', async () => {
    vi.useFakeTimers();
    try {
      const told: string[] = [];
      let api: 'refuses' | 'answers' | 'hangs' = 'refuses';
      const sync = new CatalogueSync({
        intervalMs: 60_000,
        startingMs: 30_000,
        catchUpMs: 1_000,
        log: (m) => told.push(m),
        changes: () =>
          api === 'answers'
            ? Promise.resolve(page)
            : api === 'hangs'
              ? new Promise(() => {})
              : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:4001')),
      });
      // A shop starting: its api migrates and seeds before it answers. Not a fault, so nothing in the log.
      await sync.read();
      await vi.advanceTimersByTimeAsync(29_000);
      await sync.read();
      expect(told).toEqual([]);
      // Still not answering after 30 s: told once, and its end told.
      await vi.advanceTimersByTimeAsync(1_000);
      await sync.read();
      await sync.read();
      expect(told).toEqual(['[gateway] the catalogue change log could not be read: connect ECONNREFUSED 127.0.0.1:4001']);
      api = 'answers';
      await sync.read();
      expect(told).toHaveLength(2);
      expect(told[1]).toBe('[gateway] reading the catalogue change log again');
      // Read again: a mutation waits for the log once more (up to catchUpMs), as it does on a log that never failed.
      api = 'hangs';
      await expectCatchUpWaits(sync, 1_000);
      // Once read, a failure is told at once, starting or not.
      let refusing = false;
      const read = new CatalogueSync({
        intervalMs: 60_000,
        log: (m) => told.push(m),
        changes: () => (refusing ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:4001')) : Promise.resolve(page)),
      });
      await read.read();
      refusing = true;
      await read.read();
      expect(told).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
