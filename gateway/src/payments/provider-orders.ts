import { pointRazorpayAt } from '@digitic/payment-simulator/sdk';
import { GraphQLError } from 'graphql';
import Razorpay from 'razorpay';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface PaymentOrders {
  /** Creates the provider's order for an amount in paise. */
  create(amountPaise: number, receipt: string, notes: Record<string, string>): Promise<ProviderOrder>;
}

/** Razorpay (or the simulator, which speaks its REST paths) through the official SDK. */
export function createPaymentOrders(options: { keyId: string; keySecret: string; apiUrl: string }): PaymentOrders {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  pointRazorpayAt(client, options.apiUrl);
  return {
    async create(amountPaise, receipt, notes) {
      try {
        const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
        return { id: order.id, amount: Number(order.amount), currency: order.currency };
      } catch (err) {
        // The SDK rejects with plain {statusCode, error} objects, and with a TypeError when the network fails.
        const status = (err as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 429) {
          throw new GraphQLError('The payment provider refused to start this payment', { extensions: { code: 'PAYMENT_FAILED' } });
        }
        throw new GraphQLError('The payment provider is unreachable. Nothing was charged; please try again.', {
          extensions: { code: 'UPSTREAM_UNAVAILABLE' },
        });
      }
    },
  };
}
