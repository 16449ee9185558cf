/**
 * An enquiry's life, written once: the contact form's message comes in Submitted; the first reply e-mailed
 * to the person who wrote makes it Contacted; staff set it In Progress or Resolved as they work on it (any
 * status to any other: the inbox keeps no stricter way). The api enforces it (enquiries/); the back office
 * reads it to offer the statuses, and "open" is every one but Resolved.
 */

export const ENQUIRY_STATUSES = ['Submitted', 'Contacted', 'In Progress', 'Resolved'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const isEnquiryStatus = (v: unknown): v is EnquiryStatus =>
  typeof v === 'string' && (ENQUIRY_STATUSES as readonly string[]).includes(v);

/** The status an enquiry has once a reply is sent: a first reply moves a Submitted enquiry to Contacted. */
export const enquiryStatusAfterReply = (status: EnquiryStatus): EnquiryStatus => (status === 'Submitted' ? 'Contacted' : status);
