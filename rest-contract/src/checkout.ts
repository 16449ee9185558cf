import type { QuoteRecord } from './coupons.js';
import type { AddressRecord } from './orders.js';
import type { SaleTaxRecord } from './tax.js';

// The shopper's checkout: the api prices the cart, makes the provider's order, and the order once paid.

/** A checkout: the provider's order to pay (amount in paise: total - discount), priced as a quote is (rupees). */
export interface CheckoutRecord extends QuoteRecord {
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
