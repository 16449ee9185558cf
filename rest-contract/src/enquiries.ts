// The contact form: what a visitor sends, and an enquiry's statuses (the inbox is admin/enquiries.ts).

export type EnquiryStatusName = 'Submitted' | 'Contacted' | 'In Progress' | 'Resolved';

export interface EnquiryRecord {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  status: string;
  createdAt: string;
  /** POST /api/enquiry's answer: the complaint's ticket when the sender marked it one (an addition). */
  ticket?: string | null;
}

export interface EnquiryBody {
  name: string;
  email: string;
  mobile: string;
  comment: string;
  /** A complaint: it gets a ticket, acknowledged within 48 hours and resolved within a month (an addition). */
  complaint?: boolean;
}
