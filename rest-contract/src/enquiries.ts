// The contact form: what a visitor sends, and an enquiry's statuses (the inbox is admin/enquiries.ts).

export type EnquiryStatusName = 'Submitted' | 'Contacted' | 'In Progress' | 'Resolved';

export interface EnquiryRecord {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  status: string;
}

export interface EnquiryBody {
  name: string;
  email: string;
  mobile: string;
  comment: string;
}
