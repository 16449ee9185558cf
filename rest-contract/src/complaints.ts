// Complaints: a contact enquiry or a return marked as one, with its ticket and the law's two deadlines.

/** Where a complaint stands, as the shopper is told it and the back office lists it. */
export interface ComplaintRecord {
  /** GRV-000001. */
  ticket: string;
  source: 'enquiry' | 'return';
  enquiryId: string | null;
  returnId: string | null;
  /** The return's order. */
  orderId: string | null;
  /** Who complained, as they wrote it (the enquiry's name and e-mail, or the return's customer). */
  name: string;
  email: string;
  receivedAt: string;
  /** 48 hours after it was received (rule 4(5)). */
  acknowledgeBy: string;
  acknowledgedAt: string | null;
  /** A month after it was received (rule 4(5)). */
  resolveBy: string;
  resolvedAt: string | null;
  /** True once a deadline passed with its step not done. */
  overdue: boolean;
}

/** GET /api/admin/complaints (enquiries:manage): open ones first, oldest first; `overdue=true` for those alone. */
export interface ComplaintListRecord {
  complaints: ComplaintRecord[];
  /** How many open complaints are overdue, whatever the filter. */
  overdue: number;
}
