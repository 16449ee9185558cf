import type { BlogResolvers } from '../__generated__/resolvers-types.js';

export const Blog: BlogResolvers = {
  id: (b) => b._id,
  image: (b) => b.images[0] ?? null,
};
