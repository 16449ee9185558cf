import type { CartLineRecord } from '@digitic/rest-contract';
import type { CheckoutLine } from '../db/schema.js';

/**
 * What a checkout keeps of the cart's lines: enough to check stock, write the order and its e-mail later. The
 * one place the cart's REST shape (a line's product and colour as records) becomes the checkout's own.
 */
export const checkoutLines = (cart: CartLineRecord[]): CheckoutLine[] =>
  cart.map((l) => ({
    productId: l.productId._id,
    colorId: l.color._id,
    title: l.productId.title,
    color: l.color.title,
    quantity: l.quantity,
    price: l.price,
  }));
