import type { Resolvers } from '../__generated__/resolvers-types.js';
import { orderStatus } from '../enums.js';
import { orNull } from './support.js';

/** The customers desk, read-only. */
export const customers: Resolvers = {
  Query: {
    customers: async (_root, { search }, { api }) => (await api.customers.list({ q: search })).customers,
    customer: (_root, { id }, { api }) => orNull(api.customers.get(id)),
  },
  CustomerOrder: { status: (o) => orderStatus(o.status) },
};
