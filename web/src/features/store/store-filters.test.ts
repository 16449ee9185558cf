import { describe, expect, it } from 'vitest';
import { keptByPriceForm, readFilters, sortOf, withChange } from './store-filters';
import { searchSpelling } from '../../lib/search-spelling';
import { STORE_QUERY } from './store-query';

describe('store filters in the address', () => {
  it('reads exactly the parameters the router tells the server renderer about', () => {
    const read = new Set<string>();
    class Recording extends URLSearchParams {
      override get(name: string) {
        read.add(name);
        return super.get(name);
      }
      override getAll(name: string) {
        read.add(name);
        return super.getAll(name);
      }
    }
    readFilters(new Recording('category=x&extra=1'));
    expect([...read].sort()).toEqual([...STORE_QUERY].sort());
  });

  it('reads defaults and ignores values it does not know', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({
      q: null,
      category: null,
      brand: null,
      tag: null,
      color: null,
      country: null,
      minPrice: null,
      maxPrice: null,
      sort: '-createdAt',
      grid: 4,
      page: 1,
    });
    const odd = readFilters(new URLSearchParams('sort=password&grid=5&page=-2&min=abc&country=india'));
    expect(odd).toMatchObject({ sort: '-createdAt', grid: 4, page: 1, minPrice: null, country: null });
    expect(readFilters(new URLSearchParams('country=CN&sort=countryOfOrigin'))).toMatchObject({ country: 'CN', sort: 'countryOfOrigin' });
  });

  it('goes back to the first page when a filter changes, not when the grid does', () => {
    const params = new URLSearchParams('category=TVs&page=3');
    expect(withChange(params, { brand: 'Sony' }).toString()).toBe('category=TVs&brand=Sony');
    expect(withChange(params, { grid: 6 }).toString()).toBe('category=TVs&page=3&grid=6');
    expect(withChange(params, { category: null }).toString()).toBe('');
  });

  it('leaves the defaults out of the address, as the server caches one spelling of a page', () => {
    const params = new URLSearchParams('category=TVs&sort=price&grid=6&page=3');
    expect(withChange(params, { sort: '-createdAt' }).toString()).toBe('category=TVs&grid=6');
    expect(withChange(params, { grid: 4 }).toString()).toBe('category=TVs&sort=price&page=3');
    expect(withChange(params, { page: 1 }).toString()).toBe('category=TVs&sort=price&grid=6');
  });

  it('reads a search: its best matches first unless another sort is chosen, a new search starting over', () => {
    const results = readFilters(new URLSearchParams('q=sony+camera&color=0b6bb8a4-61f2-4d0e-9d33-3a8f6c0e9d21'));
    expect(results).toMatchObject({ q: 'sony camera', sort: 'relevance', color: '0b6bb8a4-61f2-4d0e-9d33-3a8f6c0e9d21' });
    expect(readFilters(new URLSearchParams('q=%20%20&color=red'))).toMatchObject({ q: null, sort: '-createdAt', color: null });
    expect(readFilters(new URLSearchParams('q=tv&sort=price')).sort).toBe('price');
    // Best match is a search's own: the store's list has no such order.
    expect(readFilters(new URLSearchParams('sort=relevance')).sort).toBe('-createdAt');
    expect(sortOf('relevance')).toBe('BEST_MATCH');
    const params = new URLSearchParams('q=tv&sort=price&page=2&category=TVs');
    expect(withChange(params, { sort: 'relevance' }).toString()).toBe('q=tv&category=TVs');
    expect(withChange(params, { q: 'sony tv' }).toString()).toBe('q=sony+tv&category=TVs');
    expect(withChange(new URLSearchParams('q=tv'), { sort: '-createdAt' }).toString()).toBe('q=tv&sort=-createdAt');
  });

  it('spells a search one way: lower-cased, spaces made one, at most 1000 characters', () => {
    expect(searchSpelling('  Sony   Camera ')).toBe('sony camera');
    expect(searchSpelling('ＳＯＮＹ')).toBe('sony');
    expect(searchSpelling('x'.repeat(1200))).toHaveLength(1000);
  });

  it('maps sort values to the schema', () => {
    expect(['title', '-title', 'price', '-price', 'createdAt', '-createdAt'].map(sortOf)).toEqual([
      'TITLE_ASC',
      'TITLE_DESC',
      'PRICE_ASC',
      'PRICE_DESC',
      'OLDEST',
      'NEWEST',
    ]);
  });

  it("keeps the store's own filters in the price form, and nothing the server renders without", () => {
    const kept = keptByPriceForm(new URLSearchParams('category=Laptops&min=5&max=9&page=2&search=Tablet&foo=1&sort=price&grid=6'));
    expect(kept).toEqual([
      ['category', 'Laptops'],
      ['grid', '6'],
      ['sort', 'price'],
    ]);
    for (const [key] of kept) expect(STORE_QUERY).toContain(key);
    // By name, whatever the address's order: the page hydrates over the one the server rendered for its one spelling.
    expect(keptByPriceForm(new URLSearchParams('sort=price&grid=6&category=Laptops'))).toEqual(kept);
  });
});
