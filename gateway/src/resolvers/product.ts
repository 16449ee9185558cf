import type { BlogResolvers, ColorResolvers, ProductResolvers, ReviewResolvers } from '../__generated__/resolvers-types.js';

export const Product: ProductResolvers = {
  id: (p) => p._id,
  colors: (p) => p.color,
  rating: (p) => p.totalrating,
  reviewCount: (p) => p.ratingCount ?? p.ratings.length,
  reviews: (p) => p.ratings,
  inStock: (p) => p.quantity > 0,
  inWishlist: (p, _args, { api }) => api.inWishlist(p._id),
};

export const Color: ColorResolvers = {
  id: (c) => c._id,
};

export const Review: ReviewResolvers = {
  id: (r) => r._id,
  authorName: (r) => r.name ?? 'Customer',
};

export const Blog: BlogResolvers = {
  id: (b) => b._id,
  image: (b) => b.images[0] ?? null,
};
