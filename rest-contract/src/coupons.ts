// A coupon as the shopper meets it: the quote (GET /api/user/order/quote). The desk's are admin/coupons.ts.

/** The caller's cart priced, with the coupon given (rupees). */
export interface QuoteRecord {
  subtotal: number;
  shipping: number;
  total: number;
  couponCode: string | null;
  discount: number;
  totalAfterDiscount: number;
  /** The GST inside totalAfterDiscount (prices include it), and the taxable value beside it: paise. */
  gstPaise: number;
  taxablePaise: number;
}
