import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from './apollo';

// The shapes of the store's and the shell's facets (features/store/store.graphql, lib/shop-info.graphql).
const STORE_FACETS = gql`
  query StoreFacets {
    productFacets {
      categories
      brands
      countries {
        code
        name
      }
    }
  }
`;
const SHELL_FACETS = gql`
  query ShellFacets {
    productFacets {
      categories
    }
  }
`;

describe('the one cache', () => {
  it("keeps the store's facets when the shell's categories are written after them (the server asks for both at once)", () => {
    const cache = createCache();
    cache.writeQuery({
      query: STORE_FACETS,
      data: {
        productFacets: {
          __typename: 'ProductFacets',
          categories: ['Cameras', 'Laptops'],
          brands: ['Apple', 'Canon'],
          countries: [{ __typename: 'Country', code: 'CN', name: 'China' }],
        },
      },
    });
    cache.writeQuery({
      query: SHELL_FACETS,
      data: { productFacets: { __typename: 'ProductFacets', categories: ['Cameras', 'Laptops', 'TVs'] } },
    });
    const store = cache.diff<{ productFacets: { categories: string[]; brands: string[] } }>({ query: STORE_FACETS, optimistic: false });
    expect(store.missing).toBeUndefined();
    expect(store.result?.productFacets.brands).toEqual(['Apple', 'Canon']);
    // The newer answer's own fields win.
    expect(store.result?.productFacets.categories).toEqual(['Cameras', 'Laptops', 'TVs']);
  });
});
