import type { ProductPageResolvers } from '../__generated__/resolvers-types.js';

export const ProductPage: ProductPageResolvers = {
  // An inexact total (the api stopped counting) still has a next page when this one is full.
  hasNextPage: (page) => page.page * page.pageSize < page.totalCount || (!page.totalCountIsExact && page.items.length === page.pageSize),
  facets: (_page, _args, { api }) => api.catalogue.facets(),
};
