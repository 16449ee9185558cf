import type { EnquiryResolvers } from '../__generated__/resolvers-types.js';

export const Enquiry: EnquiryResolvers = {
  id: (e) => e._id,
};
