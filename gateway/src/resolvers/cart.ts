import { DEFAULT_GST_RATE, orderTotal, SHIPPING_FEE, subtotal, taxSale } from '@digitic/shop-rules';
import type { CartResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import type { CartModel, ExpandedCartLineRecord } from '../datasources/types.js';

/** The caller's cart as the schema's Cart (its id is the customer's). */
export const cartModel = (ctx: GatewayContext, lines: ExpandedCartLineRecord[]): CartModel => ({
  customerId: ctx.customerId ?? 'me',
  lines,
});

export const Cart: CartResolvers = {
  id: (cart) => cart.customerId,
  lines: (cart) => cart.lines,
  lineCount: (cart) => cart.lines.length,
  subtotal: (cart) => subtotal(cart.lines),
  shipping: () => SHIPPING_FEE,
  total: (cart) => orderTotal(cart.lines),
  // The GST inside the total, each line by its product's rate and the shipping with them, as the api's checkout
  // computes it (shop-rules' taxSale); without an address its split is not known yet, its sum is.
  gstPaise: (cart) => {
    if (cart.lines.length === 0) return 0;
    const lines = cart.lines.map((l) => ({ quantity: l.quantity, price: l.price, gstRate: l.productId.gstRate ?? DEFAULT_GST_RATE }));
    const { total } = taxSale(lines, { discountPaises: [], shipping: SHIPPING_FEE, intraState: false });
    return total.igst;
  },
};
