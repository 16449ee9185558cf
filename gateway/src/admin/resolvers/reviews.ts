import type { Resolvers } from '../__generated__/resolvers-types.js';
import { byStatus } from './support.js';

/** Review moderation. */
export const reviews: Resolvers = {
  Query: {
    reviews: (_root, args, { api }) => api.reviews.list({ ...byStatus(args), ...(args.stars != null ? { stars: args.stars } : {}) }),
  },
  Mutation: {
    hideReview: (_root, { id, version, reason }, { api }) => api.reviews.hide(id, version, reason),
    restoreReview: (_root, { id, version }, { api }) => api.reviews.restore(id, version),
  },
  ReviewList: { items: (list) => list.reviews },
  Review: {
    id: (r) => r._id,
    stars: (r) => r.star,
    productId: (r) => r.product._id,
    productTitle: (r) => r.product.title,
    authorName: (r) => r.customer.name,
    authorEmail: (r) => r.customer.email,
  },
};
