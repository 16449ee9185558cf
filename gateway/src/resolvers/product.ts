import { cacheControlFromInfo } from '@apollo/cache-control-types';
import { countryOf } from './support/countries.js';
import type { ProductResolvers } from '../__generated__/resolvers-types.js';

export const Product: ProductResolvers = {
  id: (p) => p._id,
  colors: (p) => p.color,
  rating: (p) => p.totalrating,
  reviewCount: (p) => p.ratingCount ?? p.ratings.length,
  reviews: (p) => p.ratings,
  inStock: (p) => p.quantity > 0,
  countryOfOrigin: (p) => countryOf(p.countryOfOrigin),
  manufacturer: (p) => p.manufacturer ?? null,
  importer: (p) => p.importer ?? null,
  variants: (p) => p.color.map((c) => ({ color: { _id: c._id, title: c.title }, inStock: c.quantity > 0 })),
  // A guest's answer is always false, so a catalogue page stays cacheable for guests; a customer's is theirs alone.
  inWishlist: (p, _args, { api, token }, info) => {
    if (token) cacheControlFromInfo(info).setCacheHint({ scope: 'PRIVATE' });
    return api.wishlist.has(p._id);
  },
};
