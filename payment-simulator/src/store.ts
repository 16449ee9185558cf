import { randomBytes } from 'node:crypto';

export interface SimOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface SimPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  method: 'card';
  captured: boolean;
  description: string | null;
  email: string | null;
  contact: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
}

export interface SimRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'processed';
  created_at: number;
}

// Razorpay ids are a prefix and 14 base62 characters.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function providerId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${id}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** The simulator's memory of orders and payments; it lives as long as the simulator process. */
export class SimStore {
  readonly orders = new Map<string, SimOrder>();
  readonly payments = new Map<string, SimPayment>();
  readonly refunds = new Map<string, SimRefund>();

  /** Refunds part or all of a captured payment (Razorpay's POST /v1/payments/:id/refund). */
  refund(payment: SimPayment, amount: number, notes: Record<string, string>, receipt: string | null): SimRefund {
    const refund: SimRefund = {
      id: providerId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes,
      receipt,
      status: 'processed',
      created_at: now(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    return refund;
  }

  createOrder(input: { amount: number; currency: string; receipt: string | null; notes: Record<string, string> }) {
    const order: SimOrder = {
      id: providerId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: input.notes,
      created_at: now(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  pay(order: SimOrder, outcome: 'success' | 'failure', contact: { email: string | null; contact: string | null }) {
    const failed = outcome === 'failure';
    const payment: SimPayment = {
      id: providerId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: failed ? 'failed' : 'captured',
      order_id: order.id,
      method: 'card',
      captured: !failed,
      description: null,
      ...contact,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment declined in the payment simulator' : null,
      created_at: now(),
      amount_refunded: 0,
      refund_status: null,
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    if (failed) {
      if (order.status === 'created') order.status = 'attempted';
    } else {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    return payment;
  }
}
