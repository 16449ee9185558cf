import type { Resolvers } from '../__generated__/resolvers-types.js';
import { assigneeFilter, ENQUIRY_STATUS, enquiryEventKind, enquiryFilter, SHOP_ENQUIRY_STATUS } from '../enums.js';
import { orNull, pageOf, searchOf } from './support.js';

/** The enquiries inbox. */
export const enquiries: Resolvers = {
  Query: {
    enquiries: (_root, { search, status, assignee, page, pageSize }, { api }) =>
      api.enquiries.list({
        ...pageOf(page, pageSize),
        status: enquiryFilter(status ?? 'OPEN'),
        ...(assignee ? { assignee: assigneeFilter(assignee) } : {}),
        ...searchOf(search),
      }),
    enquiry: (_root, { id }, { api }) => orNull(api.enquiries.get(id)),
    enquiryAssignees: async (_root, _args, { api }) => (await api.enquiries.assignees()).assignees,
  },
  Mutation: {
    updateEnquiry: (_root, { id, version, status, assigneeId }, { api }) =>
      api.enquiries.update(id, {
        version,
        ...(status ? { status: SHOP_ENQUIRY_STATUS[status] } : {}),
        ...(assigneeId !== undefined ? { assigneeId } : {}),
      }),
    resendEnquiryReply: (_root, { id, eventId }, { api }) => api.enquiries.resendReply(id, eventId),
    addEnquiryNote: (_root, { id, note }, { api }) => api.enquiries.addNote(id, note),
    replyToEnquiry: (_root, { id, message }, { api }) => api.enquiries.reply(id, message),
  },
  EnquiryList: { items: (list) => list.enquiries },
  EnquirySummary: { id: (e) => e._id, status: (e) => ENQUIRY_STATUS[e.status] },
  Enquiry: { id: (e) => e._id, status: (e) => ENQUIRY_STATUS[e.status] },
  EnquiryEvent: { id: (e) => e._id, kind: (e) => enquiryEventKind(e.kind) },
  Assignee: { id: (a) => a._id },
};
