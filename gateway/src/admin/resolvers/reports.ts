import type { Resolvers } from '../__generated__/resolvers-types.js';

/** The reports. */
export const reports: Resolvers = {
  Query: {
    salesReport: (_root, { days }, { api }) => api.reports.sales(days ?? 30),
  },
};
