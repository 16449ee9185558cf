import { orderTotal, SHIPPING_FEE, subtotal } from '@digitic/shop-rules';
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
};
