// A shopper's returns: asked for on a delivered order, decided and refunded by the shop.

/** A return's status (shop-rules' RETURN_STATUSES). */
export type ReturnStatusName = 'Requested' | 'Approved' | 'Rejected' | 'Received' | 'Refunded';

/** Some units of one order line. */
export interface LineQuantity {
  itemId: string;
  quantity: number;
}

export interface ReturnRecord {
  _id: string;
  status: ReturnStatusName;
  reason: string;
  comment: string | null;
  decisionNote: string | null;
  lines: LineQuantity[];
  /** The complaint's ticket when the shopper marked the return one (an addition). */
  complaintTicket?: string | null;
  createdAt: string;
}

/** The reasons a shopper picks from (shop-rules' RETURN_REASONS; the api's validator is checked against this at compile time). */
export type ReturnReasonName = 'Damaged or defective' | 'Not as described' | 'Wrong item or colour' | 'No longer needed' | 'Other';

export interface ReturnRequestBody {
  lines: LineQuantity[];
  reason: ReturnReasonName;
  comment?: string | null;
  /** A complaint: it gets a ticket, acknowledged within 48 hours and resolved within a month (an addition). */
  complaint?: boolean;
}
