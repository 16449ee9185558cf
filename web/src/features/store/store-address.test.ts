import { describe, expect, it } from 'vitest';
import type { StorePageQuery } from './__generated__/store';
import { isStoreAddress } from './store-address';

// Regression: `/product?category=<anything>` rendered a 200 page the gateway cached under a key of its
// own, one per made-up value, until the popular pages were pushed out and the gateway swelled.

const shown = (items: number): Pick<StorePageQuery, 'products' | 'productFacets'> => ({
  products: {
    __typename: 'ProductPage',
    items: Array.from({ length: items }, (_, i) => ({
      __typename: 'Product' as const,
      id: `p${i}`,
      title: 'A laptop',
      price: 1,
      rating: 5,
      inWishlist: false,
      images: [],
    })),
    totalCount: 30,
    totalCountIsExact: true,
    page: 1,
    pageSize: 12,
    hasNextPage: true,
  },
  productFacets: {
    __typename: 'ProductFacets',
    categories: ['Laptops', 'TVs'],
    brands: ['Apple', 'Sony'],
    tags: ['popular'],
    countries: [{ __typename: 'Country', code: 'IN', name: 'India' }],
  },
});
const own = (query: string, items = 12) => isStoreAddress(new URLSearchParams(query), shown(items));

describe("the store's own addresses", () => {
  it('are the ones it links to, as it writes them', () => {
    for (const query of [
      '',
      'category=Laptops',
      'brand=Sony&category=TVs&tag=popular',
      'country=IN',
      'sort=countryOfOrigin',
      'sort=price',
      'sort=-title&grid=12',
      'grid=3',
      'page=2',
      'page=3&sort=title',
    ]) {
      expect(own(query), query).toBe(true);
    }
  });

  it('name only filter values some product has', () => {
    for (const query of [
      'category=Phones',
      'category=laptops',
      'category=Laptops ',
      'brand=',
      'brand=x%00',
      'tag=new',
      'country=JP',
      'country=in',
      `category=${'x'.repeat(500)}`,
    ]) {
      expect(own(query), query).toBe(false);
    }
  });

  it('leave out defaults and are spelled one way', () => {
    for (const query of [
      'sort=-createdAt',
      'sort=PRICE',
      'sort=',
      'grid=4',
      'grid=04',
      'grid=abc',
      'grid=5',
      'page=1',
      'page=01',
      'page=+2',
      'page=2.0',
      'page=',
    ]) {
      expect(own(query), query).toBe(false);
    }
  });

  it('stop at the last page and never carry a typed-in price', () => {
    expect(own('page=3', 0)).toBe(false);
    expect(own('page=999999999', 0)).toBe(false);
    for (const query of ['min=100', 'max=5000', 'min=&max=', 'category=Laptops&min=0']) {
      expect(own(query), query).toBe(false);
    }
  });

  it('name each parameter once', () => {
    expect(own('category=Laptops&category=TVs')).toBe(false);
    expect(own('sort=price&sort=price')).toBe(false);
  });
});

describe("a search's results page", () => {
  it('is never one to cache: anyone can ask for any words', () => {
    for (const query of ['q=sony+camera', 'q=tv&category=TVs', 'q=Sony+Camera', 'color=c1', 'q=tv&color=c1']) {
      expect(own(query), query).toBe(false);
    }
  });
});
