import type { QuoteRecord } from './coupons.js';
import type { AddressRecord } from './orders.js';
import type { SaleTaxRecord } from './tax.js';

// The shopper's checkout: the api prices the cart, makes the provider's order, and the order once paid.

/**
 * A checkout: the provider's order to pay (amount in paise: total - discount), priced as a quote is (rupees);
 * its GST is its `tax`, whole, in place of a quote's two sums.
 */
export interface CheckoutRecord extends Omit<QuoteRecord, 'gstPaise' | 'taxablePaise'> {
  _id: string;
  status: 'started' | 'paid' | 'ordered' | 'failed' | 'expired' | 'refunded';
  razorpayOrderId: string;
  amount: number;
  currency: string;
  keyId: string;
  orderId: string | null;
  reason: string | null;
  /** Its GST as priced when it started (null on checkouts from before the shop computed GST). */
  tax: SaleTaxRecord | null;
}

export interface StartCheckoutBody {
  shippingInfo: AddressRecord;
  /** A coupon to price the checkout with (the api checks and prices it). */
  couponCode?: string | null;
}

/** GET /api/user/order/checkout/:providerOrderId: one of the shopper's checkouts. */
export interface CheckoutAnswerRecord {
  checkout: CheckoutRecord;
}

/** POST /api/user/order/checkout: the provider order the spec's client pays (`order`), and the checkout whole. */
export interface StartedCheckoutRecord extends CheckoutAnswerRecord {
  order: { id: string; amount: number; currency: string };
}
