import { createHmac } from 'node:crypto';

// Development keys: public, and accepted only by the simulator, never by Razorpay.
export const SIMULATOR_KEY_ID = 'rzp_test_digitic_simulator';
export const SIMULATOR_KEY_SECRET = 'digitic_simulator_development_secret';
/** The webhook secret the simulator signs its events with, and the api expects, when none is set. */
export const SIMULATOR_WEBHOOK_SECRET = 'digitic_simulator_webhook_secret';

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex. */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, hex. */
export function signWebhook(body: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(body).digest('hex');
}
