import { createHmac, timingSafeEqual } from 'node:crypto';
import { pointRazorpayAt } from '@digitic/payment-simulator/sdk';
import Razorpay from 'razorpay';
import { paymentFailed, unavailable } from '../domain/errors.js';

export interface ProviderOrder {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  status: string;
  /** What the shop wrote on the order when it started the payment: `customer` is the customer's id. */
  notes?: Record<string, string> | unknown[];
}

export interface ProviderPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  /** Paise refunded so far (Razorpay and the simulator report it). */
  amount_refunded?: number;
  error_description?: string | null;
  /** When the payment was made (Unix seconds). */
  created_at?: number;
}

export interface ProviderRefund {
  id: string;
  amount: number;
  payment_id: string;
  status: string;
  /** What the shop sent with the refund: its own refund id, so a retry can find a refund already made. */
  receipt?: string | null;
  notes?: Record<string, string> | unknown[];
}

export interface PaymentProvider {
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Starts a payment of `amountPaise` (INR); `notes` are kept on the provider's order. */
  createOrder(amountPaise: number, receipt: string, notes: Record<string, string>): Promise<ProviderOrder>;
  fetchOrder(orderId: string): Promise<ProviderOrder>;
  /** Every payment attempt made on a provider order (Razorpay's orders.fetchPayments). */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Refunds `amountPaise` of a captured payment; `receipt` is the shop's own id for the refund (at most 40 characters). */
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>, receipt?: string): Promise<ProviderRefund>;
  /** Every refund made of a payment (Razorpay's payments.fetchMultipleRefund), newest first. */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
}

/** Kept under its old name for the api's tests: the shared hook lives with the simulator. */
export const pointSdkAt = (client: object, baseUrl: string) => pointRazorpayAt(client, baseUrl);

const UNREACHABLE = 'The payment provider is unreachable. No order was placed; please try again.';

// The SDK rejects with plain objects {statusCode, error} for provider answers and throws a
// TypeError when the network fails (it reads err.response.status of a missing response).
async function call<T>(run: () => Promise<unknown>): Promise<T> {
  try {
    return (await run()) as T;
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429) {
      throw paymentFailed('The payment could not be found at the payment provider');
    }
    throw unavailable(UNREACHABLE);
  }
}

export function createRazorpayProvider(options: { keyId: string; keySecret: string; apiUrl: string }): PaymentProvider {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  pointRazorpayAt(client, options.apiUrl);
  return {
    verifySignature(orderId, paymentId, signature) {
      const expected = createHmac('sha256', options.keySecret).update(`${orderId}|${paymentId}`).digest();
      const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async createOrder(amountPaise, receipt, notes) {
      try {
        return (await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes })) as unknown as ProviderOrder;
      } catch (err) {
        const status = (err as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429) {
          throw paymentFailed('The payment provider refused to start this payment');
        }
        throw unavailable('The payment provider is unreachable. Nothing was charged; please try again.');
      }
    },
    fetchOrder: (orderId) => call<ProviderOrder>(() => client.orders.fetch(orderId)),
    fetchOrderPayments: async (orderId) => (await call<{ items: ProviderPayment[] }>(() => client.orders.fetchPayments(orderId))).items,
    fetchPayment: (paymentId) => call<ProviderPayment>(() => client.payments.fetch(paymentId)),
    fetchRefunds: async (paymentId) =>
      (await call<{ items: ProviderRefund[] }>(() => client.payments.fetchMultipleRefund(paymentId, { count: 100 }))).items,
    async refund(paymentId, amountPaise, notes, receipt) {
      try {
        return (await client.payments.refund(paymentId, {
          amount: amountPaise,
          notes,
          ...(receipt ? { receipt } : {}),
        })) as unknown as ProviderRefund;
      } catch (err) {
        const e = err as { statusCode?: number; error?: { description?: string } } | null;
        if (
          typeof e?.statusCode === 'number' &&
          e.statusCode >= 400 &&
          e.statusCode < 500 &&
          e.statusCode !== 401 &&
          e.statusCode !== 429
        ) {
          throw paymentFailed(`The provider refused the refund: ${e.error?.description ?? 'no reason given'}`);
        }
        throw unavailable('The payment provider is unreachable; nothing was refunded. Please try again.');
      }
    },
  };
}
