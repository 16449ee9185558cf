import type { ColorResolvers } from '../__generated__/resolvers-types.js';

export const Color: ColorResolvers = {
  id: (c) => c._id,
};
