// Where a product was made and who made it, through the real gateway and api: the product's fields, the store's
// filter, sort and facets by country of origin (Legal Metrology rules, 6(10) and 6(10A)), and the catalogue desk's
// fields for them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from './test/back-office.js';
import { startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

type Listed = {
  id: string;
  brand: string;
  countryOfOrigin: { code: string; name: string } | null;
  manufacturer: string | null;
  importer: string | null;
};
const FIELDS = 'id brand countryOfOrigin { code name } manufacturer importer';

describe('country of origin in the storefront schema', () => {
  it('each product says where it was made and by whom; the store filters and sorts by it, and its facets name the countries', async () => {
    const all = await gw.gql<{ products: { items: Listed[] } }>(`{ products(pageSize: 100) { items { ${FIELDS} } } }`);
    expect(all.errors).toBeUndefined();
    const items = all.data?.products.items ?? [];
    expect(items.length).toBeGreaterThan(50);
    const canon = items.find((p) => p.brand === 'Canon');
    expect(canon).toMatchObject({
      countryOfOrigin: { code: 'JP', name: 'Japan' },
      manufacturer: expect.stringContaining('Canon Inc.'),
      importer: expect.stringContaining('Digitic Electronics'),
    });
    expect(items.find((p) => p.brand === 'Samsung')).toMatchObject({ countryOfOrigin: { code: 'IN', name: 'India' }, importer: null });

    const japan = await gw.gql<{
      products: { items: Listed[]; facetCounts: { countries: { country: { code: string }; count: number }[] } };
    }>(
      `{ products(filter: { countryOfOrigin: "jp" }, pageSize: 100) { items { ${FIELDS} } facetCounts { countries { country { code } count } } } }`,
    );
    expect(japan.errors).toBeUndefined();
    const made = japan.data?.products.items ?? [];
    expect(made.length).toBe(items.filter((p) => p.countryOfOrigin?.code === 'JP').length);
    expect(made.every((p) => p.countryOfOrigin?.code === 'JP')).toBe(true);
    // Each country counted without the country's own filter: every country still there, by name.
    const counted = japan.data?.products.facetCounts.countries ?? [];
    expect(counted.map((c) => c.country.code)).toEqual(['CN', 'DE', 'IN', 'JP', 'MY', 'TW', 'TH']);
    expect(counted.reduce((n, c) => n + c.count, 0)).toBe(items.length);

    const sorted = await gw.gql<{ products: { items: Listed[] } }>(
      `{ products(sort: COUNTRY_OF_ORIGIN_ASC, pageSize: 100) { items { ${FIELDS} } } }`,
    );
    const names = (sorted.data?.products.items ?? []).map((p) => p.countryOfOrigin?.name as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const facets = await gw.gql<{ productFacets: { countries: { code: string; name: string }[] } }>(
      '{ productFacets { countries { code name } } }',
    );
    expect(facets.data?.productFacets.countries.map((c) => c.name)).toEqual([
      'China',
      'Germany',
      'India',
      'Japan',
      'Malaysia',
      'Taiwan',
      'Thailand',
    ]);
  });

  it('refuses a country that is none, naming the field', async () => {
    const res = await gw.gql('{ products(filter: { countryOfOrigin: "Atlantis" }) { totalCount } }');
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringContaining('countryOfOrigin is a two-letter country code'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('country of origin in the catalogue desk', () => {
  it('is read and written with the HSN code, the GST rate, the maker and the importer', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const LEGAL = 'id version hsnCode gstRate countryOfOrigin manufacturer importer';
    const input = {
      title: `Origin desk ${Date.now().toString(36)}`,
      description: '<p>x</p>',
      price: 1999,
      category: 'Watches',
      brand: 'Acme',
      tags: ['new'],
      colors: ['black'],
      images: ['/api/images/product/watch-black-1.svg'],
      countryOfOrigin: 'VN',
      manufacturer: 'Acme Watch Co., Hanoi, Vietnam',
      importer: 'Acme India Private Limited, Mumbai',
      gstRate: 5,
    };
    const made = await desk.admin<{ createProduct: Record<string, unknown> & { id: string; version: number } }>(
      `mutation($i: ProductInput!) { createProduct(input: $i) { ${LEGAL} } }`,
      { i: input },
    );
    expect(made.errors).toBeUndefined();
    expect(made.data?.createProduct).toMatchObject({
      hsnCode: '8517',
      gstRate: 5,
      countryOfOrigin: 'VN',
      manufacturer: input.manufacturer,
      importer: input.importer,
    });
    const id = made.data?.createProduct.id as string;
    const edited = await desk.admin<{ updateProduct: Record<string, unknown> }>(
      `mutation($id: ID!, $v: Int!, $i: ProductInput!) { updateProduct(id: $id, version: $v, input: $i) { ${LEGAL} } }`,
      { id, v: made.data?.createProduct.version, i: { ...input, countryOfOrigin: 'IN', importer: '', hsnCode: '851762', gstRate: 18 } },
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data?.updateProduct).toMatchObject({ hsnCode: '851762', gstRate: 18, countryOfOrigin: 'IN', importer: null });
    const bad = await desk.admin(
      `mutation($id: ID!, $v: Int!, $i: ProductInput!) { updateProduct(id: $id, version: $v, input: $i) { id } }`,
      {
        id,
        v: 0,
        i: { ...input, countryOfOrigin: 'XX' },
      },
    );
    expect(bad.errors?.[0]?.message).toContain('"XX" is no country\'s code');
    const shown = await gw.gql<{ product: Listed }>(`query($id: ID!) { product(id: $id) { ${FIELDS} } }`, { id });
    expect(shown.data?.product.countryOfOrigin).toEqual({ code: 'IN', name: 'India' });
  });
});
