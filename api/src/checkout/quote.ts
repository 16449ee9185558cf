import { orderTotal, SHIPPING_FEE, subtotal as subtotalOf } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import { cartItems } from '../cart/service.js';
import type { Seller } from '../config/env.js';
import { priceCoupon } from '../coupons/redemptions.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../domain/errors.js';
import { checkoutLines } from './lines.js';
import { taxCheckout, taxFacts } from '../tax/sale-tax.js';

/**
 * The caller's cart priced as a checkout would price it now, with the coupon given (refused with its reason),
 * and the GST inside it: the same wherever the parcel goes (only its split into CGST + SGST or IGST differs).
 */
export async function quoteCart(db: Kysely<Database>, seller: Seller, customerId: string, couponCode: string | null) {
  const cart = await cartItems(db, customerId);
  if (couponCode && cart.length === 0) throw badRequest('Your cart is empty', 'cart');
  const subtotal = subtotalOf(cart);
  const total = cart.length === 0 ? 0 : orderTotal(cart);
  const priced = couponCode ? await priceCoupon(db, customerId, couponCode, subtotal) : null;
  const discount = priced?.discount ?? 0;
  const shipping = cart.length === 0 ? 0 : SHIPPING_FEE;
  const lines = checkoutLines(cart);
  const { tax } = taxCheckout(
    lines,
    await taxFacts(
      db,
      lines.map((l) => l.productId),
    ),
    {
      discount,
      shipping,
      seller,
      deliveryState: seller.state,
      buyerGstin: null,
    },
  );
  return {
    subtotal,
    shipping,
    total,
    couponCode: priced?.code ?? null,
    discount,
    totalAfterDiscount: total - discount,
    gstPaise: tax.total.cgst + tax.total.sgst + tax.total.igst,
    taxablePaise: tax.total.taxable,
  };
}
