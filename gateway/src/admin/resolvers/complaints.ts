import type { Resolvers } from '../__generated__/resolvers-types.js';

/** Complaints: a contact enquiry or a return marked as one, with its two deadlines. */
export const complaints: Resolvers = {
  Query: {
    complaints: (_root, { overdue }, { api }) => api.complaints.list(overdue ?? false),
  },
  Complaint: {
    source: (c) => (c.source === 'enquiry' ? 'ENQUIRY' : 'RETURN'),
  },
};
