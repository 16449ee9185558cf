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
  createdAt: string;
}

/** The reasons a shopper picks from (shop-rules' RETURN_REASONS; the api's validator is checked against this at compile time). */
export type ReturnReasonName = 'Damaged or defective' | 'Not as described' | 'Wrong item or colour' | 'No longer needed' | 'Other';

export interface ReturnRequestBody {
  lines: LineQuantity[];
  reason: ReturnReasonName;
  comment?: string | null;
}
