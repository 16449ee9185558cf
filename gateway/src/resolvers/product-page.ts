import { namedCountryCounts, namedFacets } from './support/countries.js';
import type { ProductPageResolvers, SearchUnderstandingResolvers } from '../__generated__/resolvers-types.js';

export const ProductPage: ProductPageResolvers = {
  // An inexact total (the api stopped counting) still has a next page when this one is full.
  hasNextPage: (page) =>
    page.hasMore ?? (page.page * page.pageSize < page.totalCount || (!page.totalCountIsExact && page.items.length === page.pageSize)),
  facets: async (_page, _args, { api }) => namedFacets(await api.catalogue.facets()),
  async facetCounts({ params }, _args, { api }) {
    const counts = await api.catalogue.facetCounts(params);
    return {
      categories: counts.categories,
      brands: counts.brands,
      countries: namedCountryCounts(counts.countries),
      // The api's bands are [min, below); the schema's, as the price filter takes them, end a rupee lower.
      priceBands: counts.priceBands.map((b) => ({ min: b.min, max: b.max === null ? null : b.max - 1, count: b.count })),
      colors: counts.colors.map((c) => ({ color: { _id: c._id, title: c.title }, name: c.name, count: c.count })),
    };
  },
};

export const SearchUnderstanding: SearchUnderstandingResolvers = {
  matchedTerms: (s) => s.terms,
  allWordsCount: (s) => s.allWords,
};
