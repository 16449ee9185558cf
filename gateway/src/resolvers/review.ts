import type { ReviewResolvers } from '../__generated__/resolvers-types.js';

export const Review: ReviewResolvers = {
  id: (r) => r._id,
  authorName: (r) => r.name ?? 'Customer',
};
