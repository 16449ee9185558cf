import { SHIPPING_FEE } from './shipping.js';

/** Money is whole rupees in the shop and whole paise at the payment provider. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);

/** The sum of quantity × unit price over the lines, in rupees. */
export const subtotal = (lines: readonly { quantity: number; price: number }[]) => lines.reduce((sum, l) => sum + l.quantity * l.price, 0);

/** What an order costs: the subtotal and shipping. */
export const orderTotal = (lines: readonly { quantity: number; price: number }[]) => subtotal(lines) + SHIPPING_FEE;
