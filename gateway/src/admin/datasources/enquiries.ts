import type {
  AssigneeListRecord,
  EnquiryDeskListRecord,
  EnquiryDeskRecord,
  EnquiryNoteBody,
  EnquiryQuery,
  EnquiryReplyBody,
  EnquiryUpdateBody,
} from '@digitic/rest-contract';
import { segment } from '../../datasources/upstream.js';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** The enquiries inbox: status, assignee, internal notes and e-mailed replies. Every change answers the enquiry whole. */
export class EnquiriesApi extends Desk<EnquiryQuery, EnquiryDeskListRecord, EnquiryDeskRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/enquiries', 'Enquiry');
  }

  assignees = () => this.upstream.get<AssigneeListRecord>('admin/enquiries/assignees');
  update = (id: string, body: EnquiryUpdateBody) => this.put<EnquiryUpdateBody>(id, body);
  resendReply = (id: string, eventId: string) => this.act<object>(id, `replies/${segment(eventId, 'Reply')}/resend`, {});
  addNote = (id: string, note: string) => this.act<EnquiryNoteBody>(id, 'notes', { note });
  reply = (id: string, message: string) => this.act<EnquiryReplyBody>(id, 'replies', { message });
}
