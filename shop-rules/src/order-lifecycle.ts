/**
 * An order's life, written once: its statuses in the order a parcel goes through them, and which move
 * each allows. The api enforces it (orders/order-state.ts: nothing else writes an order's status); the
 * back office and My Orders read it to offer only the moves that will be accepted.
 */
import { moveProblem, type Transitions } from './lifecycle.js';

export const ORDER_STATUSES = ['Ordered', 'Processed', 'Shipped', 'Out For Delivery', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** From each status, the statuses an order may go to next. Delivered and Cancelled are final (a return is its own lifecycle). */
export const ORDER_TRANSITIONS: Transitions<OrderStatus> = {
  Ordered: ['Processed', 'Cancelled'],
  Processed: ['Shipped', 'Cancelled'],
  Shipped: ['Out For Delivery', 'Delivered'],
  'Out For Delivery': ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/** The parcel's way, for a step tracker: Cancelled is not on it. */
export const ORDER_STEPS: readonly OrderStatus[] = ['Ordered', 'Processed', 'Shipped', 'Out For Delivery', 'Delivered'];

export const isOrderStatus = (v: unknown): v is OrderStatus => typeof v === 'string' && (ORDER_STATUSES as readonly string[]).includes(v);

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** Why a move is refused, in words for the person who asked; null when it is allowed. */
export const orderMoveProblem = (from: OrderStatus, to: OrderStatus): string | null =>
  moveProblem(ORDER_TRANSITIONS, from, to, { the: 'The order', a: 'An order', final: 'its status cannot change any more' });

/** Whether the shopper may still cancel the order themselves (before it ships). */
export const shopperMayCancel = (status: OrderStatus): boolean => canMoveOrder(status, 'Cancelled');

/** The short order number people read (mail, My Orders, the back office): the order id's first block, upper case. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();
