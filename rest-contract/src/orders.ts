import type { ColorRecord, ImageRecord } from './catalogue.js';
import type { LineTaxRecord, SaleTaxRecord, TaxDocumentSummaryRecord } from './tax.js';
import type { ReturnRecord } from './returns.js';

// The shopper's orders: what they read of them after the sale, and what they send to order and to cancel.

/** An order's status (shop-rules' ORDER_STATUSES). */
export type OrderStatusName = 'Ordered' | 'Processed' | 'Shipped' | 'Out For Delivery' | 'Delivered' | 'Cancelled';

/** Where a refund stands at the payment provider. */
export type RefundStateName = 'requested' | 'pending' | 'processed' | 'failed';

export interface AddressRecord {
  firstname: string;
  lastname: string;
  address: string;
  other?: string | null;
  city: string;
  state: string;
  country: string;
  pincode: number;
  /** A phone for the courier, an Indian mobile's ten digits; optional (an addition to the spec's address). */
  phone?: string | null;
  /** The buyer's GSTIN, when a business buys (its tax invoice names it); optional. */
  gstin?: string | null;
}

export interface OrderItemRecord {
  /** The line's own id: what a return names. */
  _id: string;
  product: { _id: string; title: string; images: ImageRecord[] };
  color: ColorRecord;
  quantity: number;
  price: number;
  /** Its GST as charged, with its HSN code; null on orders placed before the shop computed GST. */
  tax?: (LineTaxRecord & { hsnCode: string | null }) | null;
}

export interface OrderRecord {
  _id: string;
  totalPrice: number;
  totalPriceAfterDiscount: number;
  /** The coupon used, and what it took off (rupees), when one was. */
  coupon: { code: string; discount: number } | null;
  orderStatus: string;
  orderItems: OrderItemRecord[];
  paymentInfo: { razorpayOrderId: string; razorpayPaymentId: string };
  shippingInfo: AddressRecord;
  /** The sale's GST (places of supply, shipping's tax, totals); null on orders placed before the shop computed GST. */
  tax?: SaleTaxRecord | null;
  createdAt: string;
  /** After the sale: where the parcel is, what was refunded, what is being returned, and what the shopper may still do. */
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  canCancel: boolean;
  /** The last moment a return may be asked for, while that is still ahead; otherwise null. */
  returnUntil: string | null;
  refunds: OrderRefundRecord[];
  returns: ReturnRecord[];
  /** Its tax invoice, then its credit notes (an addition; none on orders placed before the shop issued them). */
  taxDocuments?: TaxDocumentSummaryRecord[];
}

export interface OrderRefundRecord {
  _id: string;
  /** Rupees. */
  amount: number;
  state: RefundStateName;
  reason: string;
  createdAt: string;
}

export interface CancelOrderBody {
  reason?: string | null;
}

export interface PaymentInfoBody {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}

export interface CreateOrderBody {
  shippingInfo: AddressRecord;
  paymentInfo: PaymentInfoBody;
}

/** GET /api/user/getmyorders: the shopper's orders, newest first. */
export interface MyOrdersRecord {
  orders: OrderRecord[];
}

/** One of the shopper's orders: GET /api/user/orders/:id, and what a cancel, a return asked for or create-order answers (`success` after a change). */
export interface MyOrderRecord {
  order: OrderRecord;
  success?: true;
}
