import type { WishlistResolvers } from '../__generated__/resolvers-types.js';

export const Wishlist: WishlistResolvers = {
  id: (w) => w.customerId,
};
