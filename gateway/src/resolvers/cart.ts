import type { CartLineResolvers, CartResolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import type { CartLineRecord, CartModel } from '../datasources/types.js';
import { orderTotal, SHIPPING_FEE, subtotal as subtotalOf } from '@digitic/shop-rules';

export const cartModel = (ctx: GatewayContext, lines: CartLineRecord[]): CartModel => ({ customerId: ctx.customerId ?? 'me', lines });

const subtotal = (cart: CartModel) => subtotalOf(cart.lines);

export const Cart: CartResolvers = {
  id: (cart) => cart.customerId,
  lines: (cart) => cart.lines,
  lineCount: (cart) => cart.lines.length,
  subtotal,
  shipping: () => SHIPPING_FEE,
  total: (cart) => orderTotal(cart.lines),
};

export const CartLine: CartLineResolvers = {
  id: (line) => line._id,
  async product(line, _args, { api }) {
    const product = await api.productById.load(line.productId._id);
    if (!product) throw new Error(`product ${line.productId._id} of cart line ${line._id} is gone`);
    return product;
  },
  color: (line) => line.color,
  unitPrice: (line) => line.price,
  lineTotal: (line) => line.price * line.quantity,
};
