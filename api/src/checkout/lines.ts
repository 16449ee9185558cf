import type { CartItem } from '../cart/service.js';
import type { CheckoutLine } from '../db/schema.js';

/** What a checkout keeps of the cart's lines: enough to check stock, write the order and its e-mail later. */
export const checkoutLines = (cart: CartItem[]): CheckoutLine[] =>
  cart.map(({ productId, colorId, title, color, quantity, price }) => ({ productId, colorId, title, color, quantity, price }));
