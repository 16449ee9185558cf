import type { OrderItemResolvers } from '../__generated__/resolvers-types.js';
import { lineTax } from './support/tax.js';

export const OrderItem: OrderItemResolvers = {
  id: (i) => i._id,
  productId: (i) => i.product._id,
  title: (i) => i.product.title,
  image: (i) => i.product.images[0] ?? null,
  product: (i, _args, { api }) => api.catalogue.product(i.product._id),
  hsnCode: (i) => i.tax?.hsnCode ?? null,
  tax: (i) => (i.tax ? lineTax(i.tax) : null),
};
