import type { ComplaintRecord } from '../complaints.js';
import type { EnquiryStatusName } from '../enquiries.js';
import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// The enquiries inbox (/api/admin/enquiries). The contact form itself is ../enquiries.ts.

/** The last reply the mailer took: who wrote it and when it went (told apart from who is assigned). */
export interface LastReplyRecord {
  by: string;
  at: string;
}

/** A staff member an enquiry is (or may be) assigned to. */
export interface AssigneeRecord {
  _id: string;
  name: string;
}

export interface EnquirySummaryRecord {
  _id: string;
  name: string;
  email: string;
  excerpt: string;
  status: EnquiryStatusName;
  assignee: AssigneeRecord | null;
  lastReply: LastReplyRecord | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnquiryDeskListRecord extends PageRecord {
  enquiries: EnquirySummaryRecord[];
}

/** One note or reply of an enquiry. */
export interface EnquiryEventRecord {
  _id: string;
  kind: 'note' | 'reply';
  body: string;
  /** A reply's e-mail subject. */
  subject: string | null;
  by: string;
  /** When the mailer took a reply; null for a note, or a reply it refused (sendError says why). */
  sentAt: string | null;
  sendError: string | null;
  createdAt: string;
}

/** An enquiry whole: the message, its status and assignee, and its notes and replies oldest first. */
export interface EnquiryDeskRecord {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  status: EnquiryStatusName;
  assignee: AssigneeRecord | null;
  lastReply: LastReplyRecord | null;
  /** The complaint this enquiry is (its ticket and deadlines), or null. */
  complaint: ComplaintRecord | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  events: EnquiryEventRecord[];
}

/** GET /api/admin/enquiries/assignees: the staff who may answer enquiries. */
export interface AssigneeListRecord {
  assignees: AssigneeRecord[];
}

/** GET /api/admin/enquiries: a status, open or all (open when not given); me, none or a staff member's id; words; a page. */
export interface EnquiryQuery extends PageQuery {
  /** held: messages kept for review at the shop's hourly ceiling, until staff act on one. */
  status?: EnquiryStatusName | 'open' | 'held' | 'all';
  assignee?: string;
  q?: string;
}

/** PUT /api/admin/enquiries/:id: a status, an assignee (null: nobody), or both, with the version read. */
export interface EnquiryUpdateBody extends VersionBody {
  status?: EnquiryStatusName;
  assigneeId?: string | null;
}

/** POST /api/admin/enquiries/:id/notes. */
export interface EnquiryNoteBody {
  note: string;
}

/** POST /api/admin/enquiries/:id/replies: e-mailed to the person who wrote. */
export interface EnquiryReplyBody {
  message: string;
}
