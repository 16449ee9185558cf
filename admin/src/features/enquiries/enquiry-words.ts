import type { EnquiryStatus } from '../../__generated__/types';

/** The inbox's statuses in the shop's words (the contact form's original set). */
export const ENQUIRY_STATUS_LABEL: Record<EnquiryStatus, string> = {
  SUBMITTED: 'Submitted',
  CONTACTED: 'Contacted',
  IN_PROGRESS: 'In Progress',
  RESOLVED: 'Resolved',
};

/** The statuses in the inbox's order. */
export const ENQUIRY_STATUSES = Object.keys(ENQUIRY_STATUS_LABEL) as [EnquiryStatus, ...EnquiryStatus[]];
