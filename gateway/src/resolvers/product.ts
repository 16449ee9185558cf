import type { ProductResolvers } from '../__generated__/resolvers-types.js';

export const Product: ProductResolvers = {
  id: (p) => p._id,
  colors: (p) => p.color,
  rating: (p) => p.totalrating,
  reviewCount: (p) => p.ratingCount ?? p.ratings.length,
  reviews: (p) => p.ratings,
  inStock: (p) => p.quantity > 0,
  inWishlist: (p, _args, { api }) => api.inWishlist(p._id),
};
