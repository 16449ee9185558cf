import { createHmac } from 'node:crypto';

// Development keys: public, and accepted only by the simulator, never by Razorpay.
export const SIMULATOR_KEY_ID = 'rzp_test_digitic_simulator';
export const SIMULATOR_KEY_SECRET = 'digitic_simulator_development_secret';

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex. */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}
