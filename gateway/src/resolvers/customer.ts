import type { CustomerResolvers } from '../__generated__/resolvers-types.js';

export const Customer: CustomerResolvers = {
  id: (c) => c._id,
  lastname: (c) => c.lastname ?? '',
};
