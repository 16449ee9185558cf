import type { CartLineResolvers } from '../__generated__/resolvers-types.js';

export const CartLine: CartLineResolvers = {
  id: (line) => line._id,
  // The cart's answer holds each line's product whole.
  product: (line) => line.productId,
  color: (line) => line.color,
  unitPrice: (line) => line.price,
  lineTotal: (line) => line.price * line.quantity,
};
