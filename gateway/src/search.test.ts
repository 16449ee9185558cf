import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test/harness.js';

// The search's fields through the real gateway and the real api, on the demo catalogue.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const UNDERSTOOD = 'search { words matchedTerms suggestion capped allWordsCount widened }';

interface Understood {
  words: string[];
  matchedTerms: string[];
  suggestion: string | null;
  capped: boolean;
  allWordsCount: number;
  widened: boolean;
}
interface Counts {
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
  priceBands: { min: number; max: number | null; count: number }[];
  colors: { color: { id: string; title: string }; name: string | null; count: number }[];
}

const results = (filter: Record<string, unknown>, sort = 'BEST_MATCH') =>
  gw.gql<{
    products: {
      items: { title: string; category: string; brand: string; price: number }[];
      totalCount: number;
      search: Understood | null;
      facetCounts: Counts;
    };
  }>(
    `query Results($f: ProductFilter, $s: ProductSort) {
      products(filter: $f, sort: $s, pageSize: 10) {
        items { title category brand price } totalCount ${UNDERSTOOD}
        facetCounts { categories { value count } brands { value count } priceBands { min max count } colors { color { id title } name count } }
      }
    }`,
    { f: filter, s: sort },
  );

describe('search through GraphQL', () => {
  it('ranks a search’s best matches first, says what it understood, and counts the facets over its matches', async () => {
    const res = await results({ search: 'sony camera' });
    expect(res.errors).toBeUndefined();
    const page = res.data?.products;
    expect(page?.search).toEqual({
      words: ['sony', 'camera'],
      matchedTerms: ['sony', 'camera'],
      suggestion: null,
      capped: false,
      allWordsCount: 2,
      widened: true,
    });
    expect(page?.items.slice(0, 2).every((p) => p.brand === 'Sony' && p.category === 'Cameras')).toBe(true);
    expect(page?.items.slice(2, 9).every((p) => p.category === 'Cameras')).toBe(true);
    const counts = page?.facetCounts;
    expect(counts?.categories.reduce((n, c) => n + c.count, 0)).toBe(page?.totalCount);
    expect(counts?.priceBands.reduce((n, b) => n + b.count, 0)).toBe(page?.totalCount);
    // A band's ends are what the price filter takes: the next band starts a rupee above.
    for (const band of counts?.priceBands ?? []) expect(band.max === null || (band.max + 1) % 1000 === 0).toBe(true);
    expect(counts?.colors[0]?.color.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('narrows a search by the facets it counted: a category, a price band, a colour in stock', async () => {
    const all = (await results({ search: 'headphones' })).data?.products;
    const band = all?.facetCounts.priceBands[0];
    const inBand = (await results({ search: 'headphones', minPrice: band?.min, maxPrice: band?.max })).data?.products;
    expect(inBand?.totalCount).toBe(band?.count);
    expect(inBand?.items.every((p) => p.price >= (band?.min ?? 0) && p.price <= (band?.max ?? Infinity))).toBe(true);
    const colour = all?.facetCounts.colors.at(-1);
    const inColour = (await results({ search: 'headphones', color: colour?.color.id })).data?.products;
    expect(inColour?.totalCount).toBe(colour?.count);
    // The store's list counts its facets too, without a search, and has no understanding to tell.
    const store = (await results({ category: 'Laptops' }, 'NEWEST')).data?.products;
    expect(store?.search).toBeNull();
    expect(store?.facetCounts.categories).toHaveLength(6);
    expect(store?.facetCounts.brands.reduce((n, b) => n + b.count, 0)).toBe(9);
  });

  it('offers the catalogue’s words for a typo, in the typeahead too', async () => {
    const res = await gw.gql<{ searchProducts: { items: { category: string }[]; totalCount: number; search: Understood } }>(
      `{ searchProducts(query: "headphnes", first: 5) { items { category } totalCount ${UNDERSTOOD} } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.searchProducts.search).toMatchObject({ suggestion: 'headphones', words: ['headphones'] });
    expect(res.data?.searchProducts.items.every((p) => p.category === 'Headphones')).toBe(true);
  });

  it('answers a long or hostile search with a result, the cut said; refuses only what it must, by name', async () => {
    const long = await gw.gql<{ searchProducts: { search: Understood } }>(
      `query($q: String!) { searchProducts(query: $q) { totalCount ${UNDERSTOOD} } }`,
      { q: `tv ${'z'.repeat(997)}` },
    );
    expect(long.errors).toBeUndefined();
    expect(long.data?.searchProducts.search.capped).toBe(true);
    for (const q of ['a & | ! :* ( )', '🎧', 'हेडफ़ोन', '']) {
      const res = await gw.gql(`query($q: String!) { searchProducts(query: $q) { totalCount ${UNDERSTOOD} } }`, { q });
      expect(res.errors, q).toBeUndefined();
    }
    const tooLong = await gw.gql('query($q: String!) { searchProducts(query: $q) { totalCount } }', { q: 'x'.repeat(1001) });
    expect(tooLong.errors?.[0]).toMatchObject({ message: 'query must be at most 1000 characters', extensions: { code: 'BAD_USER_INPUT' } });
    const badColour = await results({ search: 'tv', color: 'red' });
    expect(badColour.errors?.[0]).toMatchObject({
      message: 'color is not a colour id from productFacets',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
