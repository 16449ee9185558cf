import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStock } from '@digitic/api/testing';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const PRODUCT_FIELDS =
  'id title slug description price category brand tags images { url } colors { id title } rating reviewCount reviews { id star comment authorName createdAt } inStock createdAt inWishlist';

describe('catalogue queries', () => {
  it('pages the store with filters, sort, total and facets', async () => {
    const res = await gw.gql<{
      products: {
        items: { price: number; category: string }[];
        totalCount: number;
        totalCountIsExact: boolean;
        hasNextPage: boolean;
        page: number;
        pageSize: number;
        facets: { categories: string[]; brands: string[]; tags: string[]; colors: { id: string }[] };
      };
    }>(
      `query Store($f: ProductFilter, $s: ProductSort, $p: Int, $n: Int) {
        products(filter: $f, sort: $s, page: $p, pageSize: $n) {
          items { ${PRODUCT_FIELDS} } totalCount totalCountIsExact hasNextPage page pageSize
          facets { categories brands tags colors { id title } }
        }
      }`,
      { f: { category: 'Laptops', minPrice: 40000 }, s: 'PRICE_DESC', p: 1, n: 4 },
    );
    expect(res.errors).toBeUndefined();
    const page = res.data?.products;
    expect(page?.items).toHaveLength(4);
    expect(page?.totalCount).toBe(9);
    expect(page).toMatchObject({ totalCountIsExact: true, hasNextPage: true, page: 1, pageSize: 4 });
    const prices = page?.items.map((p) => p.price) ?? [];
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    expect(page?.items.every((p) => p.category === 'Laptops')).toBe(true);
    expect(page?.facets.categories).toContain('Cameras');
    expect(page?.facets.tags).toEqual(expect.arrayContaining(['popular', 'featured', 'special']));
  });

  it('refuses a page size over 100 and a negative price', async () => {
    const big = await gw.gql('{ products(pageSize: 101) { totalCount } }');
    expect(big.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'pageSize' });
    const neg = await gw.gql('{ products(filter: { minPrice: -1 }) { totalCount } }');
    expect(neg.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('returns one product with colours and reviews, and null for an unknown id', async () => {
    const list = await gw.gql<{ products: { items: { id: string }[] } }>('{ products(pageSize: 1) { items { id } } }');
    const id = list.data?.products.items[0]?.id;
    const res = await gw.gql<{ product: { id: string; colors: unknown[]; inWishlist: boolean; inStock: boolean } }>(
      `query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`,
      { id },
    );
    expect(res.data?.product).toMatchObject({ id, inWishlist: false, inStock: true });
    expect(res.data?.product.colors.length).toBeGreaterThanOrEqual(2);
    const none = await gw.gql('{ product(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(none).toEqual({ data: { product: null } });
    const malformed = await gw.gql('{ product(id: "nope") { id } }');
    expect(malformed).toEqual({ data: { product: null } });
  });

  it('tells which colours can be bought, and refuses a sold-out colour at addToCart', async () => {
    const listed = await gw.api.http.get('/api/product?limit=1&page=3&sort=title');
    const product = listed.body[0] as { _id: string; color: { _id: string; title: string }[] };
    const id = product._id;
    const [first, second] = product.color;
    if (!first || !second) throw new Error('the product needs two colours');
    await setStock(gw.api.database.db, id, 0, first._id);
    type Variants = { product: { inStock: boolean; variants: { color: { id: string; title: string }; inStock: boolean }[] } };
    const res = await gw.gql<Variants>('query($id: ID!) { product(id: $id) { inStock variants { color { id title } inStock } } }', { id });
    expect(res.data?.product.inStock).toBe(true);
    expect(res.data?.product.variants).toEqual(
      product.color.map((c) => ({ color: { id: c._id, title: c.title }, inStock: c._id !== first._id })),
    );
    const { token } = await signUp(gw);
    const add = (colorId: string) =>
      gw.gql('mutation($i: AddToCartInput!) { addToCart(input: $i) { lineCount } }', { i: { productId: id, colorId, quantity: 1 } }, token);
    const refused = await add(first._id);
    expect(refused.errors?.[0]).toMatchObject({
      message: `Sorry, this product is sold out in ${first.title}`,
      extensions: { code: 'CONFLICT', field: 'color' },
    });
    expect((await add(second._id)).errors).toBeUndefined();
    await setStock(gw.api.database.db, id, 100);
  });

  it('lists the side lists of the store', async () => {
    const res = await gw.gql<{
      productFacets: { categories: string[]; brands: string[]; tags: string[]; colors: { id: string; title: string }[] };
    }>('{ productFacets { categories brands tags colors { id title } } }');
    expect(res.data?.productFacets.categories).toEqual(['Cameras', 'Headphones', 'Laptops', 'TVs', 'Tablets', 'Watches']);
    expect(res.data?.productFacets.brands).toContain('Sony');
    expect(res.data?.productFacets.colors.map((c) => c.title)).toContain('silver');
  });

  it('lists popular and tagged products for the home page', async () => {
    const res = await gw.gql<{ popularProducts: { tags: string[] }[]; productsByTag: { tags: string[] }[] }>(
      '{ popularProducts(first: 4) { tags } productsByTag(tag: "special", first: 3) { tags } }',
    );
    expect(res.data?.popularProducts).toHaveLength(4);
    expect(res.data?.popularProducts.every((p) => p.tags.includes('popular'))).toBe(true);
    expect(res.data?.productsByTag.every((p) => p.tags.includes('special'))).toBe(true);
  });

  it('searches titles a page at a time with a cursor', async () => {
    const first = await gw.gql<{
      searchProducts: { items: { id: string; title: string }[]; totalCount: number; hasMore: boolean; endCursor: string };
    }>('{ searchProducts(query: "apple", first: 2) { items { id title } totalCount hasMore endCursor } }');
    const page1 = first.data?.searchProducts;
    expect(page1?.items).toHaveLength(2);
    expect(page1?.hasMore).toBe(true);
    expect(page1?.items.every((p) => /apple/i.test(p.title))).toBe(true);
    const second = await gw.gql<{ searchProducts: { items: { id: string }[] } }>(
      'query($a: String) { searchProducts(query: "apple", first: 2, after: $a) { items { id } } }',
      { a: page1?.endCursor },
    );
    const ids = new Set([...(page1?.items ?? []), ...(second.data?.searchProducts.items ?? [])].map((p) => p.id));
    expect(ids.size).toBe(4);
    const none = await gw.gql('{ searchProducts(query: "zzzz-nothing") { items { id } totalCount hasMore endCursor } }');
    expect(none.data).toEqual({ searchProducts: { items: [], totalCount: 0, hasMore: false, endCursor: null } });
    const badCursor = await gw.gql('{ searchProducts(query: "apple", after: "bm9wZQ") { totalCount } }');
    expect(badCursor.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('lists blogs and one blog', async () => {
    const res = await gw.gql<{ blogs: { id: string; title: string; category: string; image: { url: string } }[] }>(
      '{ blogs { id title description category images { url } image { url } createdAt } }',
    );
    expect(res.data?.blogs.length).toBeGreaterThanOrEqual(6);
    const first = res.data?.blogs[0];
    const one = await gw.gql('query($id: ID!) { blog(id: $id) { id title } }', { id: first?.id });
    expect(one.data).toEqual({ blog: { id: first?.id, title: first?.title } });
    expect((await gw.gql('{ blog(id: "00000000-0000-4000-8000-000000000000") { id } }')).data).toEqual({ blog: null });
  });

  it('tells the web the shop settings and the payment widget', async () => {
    const res = await gw.gql(
      '{ shopInfo { name phone email address timeZone hours currencyPrefix shippingFee freeShippingNotice paymentKeyId checkoutScriptUrl paymentsSimulated } }',
    );
    expect(res.data).toEqual({
      shopInfo: {
        name: 'Digitic',
        phone: '+971 4 123 4567',
        email: 'help@digitic.test',
        address: expect.any(String),
        timeZone: 'Asia/Kolkata',
        hours: 'Monday – Sunday 10 AM – 8 PM',
        currencyPrefix: 'Rs.',
        shippingFee: 100,
        freeShippingNotice: expect.stringContaining('AED 400'),
        paymentKeyId: 'rzp_test_digitic_simulator',
        checkoutScriptUrl: '/payment-simulator/checkout.js',
        paymentsSimulated: true,
      },
    });
  });

  it("serves the simulator's widget and the catalogue pictures from its own origin", async () => {
    const script = await fetch(`${gw.url}/payment-simulator/checkout.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('window.Razorpay');
    const image = await fetch(`${gw.url}/api/images/product/camera-black-1.svg`);
    expect(image.headers.get('content-type')).toMatch(/svg/);
  });
});
