import type { Kysely } from 'kysely';
import type { Checkout, Database } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentProvider } from '../payments/provider.js';
import { toPaise } from '@digitic/shop-rules';
import { type Actor, RECONCILIATION, shopper, WEBHOOK } from '../audit/actor.js';
import type { ShopIdentityReader } from '../settings/settings.js';
import type { Seller } from '../config/env.js';

/** Where an order came from: the browser's placeOrder, a provider webhook, or reconciliation. */
export type CompletionSource = 'placeOrder' | 'webhook' | 'reconcile';

export type CheckoutOutcome = 'started' | 'reused' | 'ordered' | 'failed' | 'expired' | 'refunded' | 'refund_pending';

/** A paid checkout that could not become an order: the payment is refunded, and the shopper told why. */
export class NotOrdered extends Error {
  constructor(
    message: string,
    readonly kind: 'out_of_stock' | 'amount_mismatch' | 'coupon' | 'already_refunded' | 'second_payment' | 'erased',
    /** Why, as kept with the payment and told to the shopper in the refund notice. */
    readonly reason = message,
  ) {
    super(message);
  }
}

export type Completion = { orderId: string; created: boolean } | { refused: NotOrdered } | null;

/** Who turned a payment into an order: the shopper's browser, the provider's webhook, or reconciliation. */
export const completedBy = (source: CompletionSource, customerId: string): Actor =>
  source === 'placeOrder' ? shopper(customerId) : source === 'webhook' ? WEBHOOK : RECONCILIATION;

/** What the shopper pays for a checkout, rupees: its total less its coupon's discount. */
export const amountDue = (c: Pick<Checkout, 'total' | 'discount'>) => c.total - c.discount;

/** The checkout as the api answers it (amounts in rupees, the provider amount in paise). */
export function checkoutJson(c: Checkout, keyId: string) {
  return {
    _id: c.id,
    status: c.status,
    razorpayOrderId: c.razorpay_order_id,
    amount: toPaise(amountDue(c)),
    currency: 'INR',
    keyId,
    subtotal: c.subtotal,
    shipping: c.shipping,
    total: c.total,
    couponCode: c.coupon_code,
    discount: c.discount,
    totalAfterDiscount: amountDue(c),
    lines: c.lines,
    tax: c.tax,
    shippingInfo: c.shipping_info,
    orderId: c.order_id,
    reason: c.failure_reason,
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

export interface CheckoutsDeps {
  db: Kysely<Database>;
  payments: PaymentProvider;
  mailer: Mailer;
  log: (line: string, detail?: unknown) => void;
  keyId: string;
  webUrl: string;
  /** The seller its tax is charged as (SELLER_*): the state decides CGST + SGST or IGST. */
  seller: Seller;
  /** The shop's name as saved (settings), for the e-mails. */
  shop: ShopIdentityReader;
  /** Counts what became of checkouts (metrics). */
  outcome?: (o: CheckoutOutcome, source?: CompletionSource) => void;
  /** How long a start waits for another start of the same customer's to finish (START_WAIT_MS). */
  startWaitMs?: number;
  /** How long a checkout holds its use of a coupon while it is paid (the checkout's own expiry, CHECKOUT_EXPIRY_S). */
  couponHoldSeconds?: number;
}

/** The checkout record of a provider order (a Razorpay order id), if the shop made or adopted one. */
export const byProviderOrder = (db: Kysely<Database>, providerOrderId: string) =>
  db.selectFrom('checkouts').selectAll().where('razorpay_order_id', '=', providerOrderId).executeTakeFirst();

/** Counts what became of checkouts, or nothing. */
export const counter = (deps: Pick<CheckoutsDeps, 'outcome'>) => deps.outcome ?? (() => {});
