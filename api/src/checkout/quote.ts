import { orderTotal, SHIPPING_FEE, subtotal as subtotalOf } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import { cartLines } from '../cart/service.js';
import { priceCoupon } from '../coupons/redemptions.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../domain/errors.js';

/** The caller's cart priced as a checkout would price it now, with the coupon given (refused with its reason). */
export async function quoteCart(db: Kysely<Database>, customerId: string, couponCode: string | null) {
  const cart = await cartLines(db, customerId);
  if (couponCode && cart.length === 0) throw badRequest('Your cart is empty', 'cart');
  const subtotal = subtotalOf(cart);
  const total = cart.length === 0 ? 0 : orderTotal(cart);
  const priced = couponCode ? await priceCoupon(db, customerId, couponCode, subtotal) : null;
  const discount = priced?.discount ?? 0;
  return {
    subtotal,
    shipping: cart.length === 0 ? 0 : SHIPPING_FEE,
    total,
    couponCode: priced?.code ?? null,
    discount,
    totalAfterDiscount: total - discount,
  };
}
