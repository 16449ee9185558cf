import { randomUUID } from 'node:crypto';
import { orderTotal, SHIPPING_FEE, subtotal as subtotalOf, toPaise } from '@digitic/shop-rules';
import type { Kysely } from 'kysely';
import type { CartLineRecord } from '@digitic/rest-contract';
import { cartLines } from '../cart/service.js';
import { type Actor, RECONCILIATION, shopper, WEBHOOK } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { removeOrderedLines } from '../cart/service.js';
import { addOrderEvent } from '../orders/timeline.js';
import { writeOrder } from '../orders/write-order.js';
import { shortageMessage, shortOfStock, takeStock } from '../products/stock.js';
import { holdCoupon, priceCoupon, releaseCoupon, spendCoupon } from '../coupons/coupons.js';
import { moveCheckout } from './checkout-state.js';
import { markRefunded, settleUnsettled } from './refunds.js';
import { awaitLease, dropLease } from '../db/lease.js';
import type { Checkout, CheckoutLine, Database, ShippingInfo } from '../db/schema.js';
import { badRequest, conflict, paymentFailed } from '../domain/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { type OnceMail, sendOnce as sendOnceWith } from '../mail/send-once.js';
import { orderConfirmation, refundNotice } from './mail.js';
import type { PaymentProvider, ProviderPayment } from './provider.js';

/** Where an order came from: the browser's placeOrder, a provider webhook, or reconciliation. */
export type CompletionSource = 'placeOrder' | 'webhook' | 'reconcile';

export type CheckoutOutcome = 'started' | 'reused' | 'ordered' | 'failed' | 'expired' | 'refunded' | 'refund_pending';

export interface CheckoutsDeps {
  db: Kysely<Database>;
  payments: PaymentProvider;
  mailer: Mailer;
  log: (line: string, detail?: unknown) => void;
  keyId: string;
  webUrl: string;
  shopName?: string;
  /** Counts what became of checkouts (metrics). */
  outcome?: (o: CheckoutOutcome, source?: CompletionSource) => void;
  /** How long a start waits for another start of the same customer's to finish (START_WAIT_MS). */
  startWaitMs?: number;
  /** How long a checkout holds its use of a coupon while it is paid (the checkout's own expiry, CHECKOUT_EXPIRY_S). */
  couponHoldSeconds?: number;
}

// A start holds its customer's lease across the provider call (the SDK gives up after 10 s): a waiter
// gives up a little after that, and a lease whose holder crashed frees itself well after that.
const START_WAIT_MS = 12_000;
const START_LEASE_SECONDS = 30;

/** A paid checkout that could not become an order: the payment is refunded, and the shopper told why. */
export class NotOrdered extends Error {
  constructor(
    message: string,
    readonly kind: 'out_of_stock' | 'amount_mismatch' | 'coupon' | 'already_refunded' | 'second_payment',
    /** Why, as kept with the payment and told to the shopper in the refund notice. */
    readonly reason = message,
  ) {
    super(message);
  }
}

export type Completion = { orderId: string; created: boolean } | { refused: NotOrdered } | null;

/** Who turned a payment into an order: the shopper's browser, the provider's webhook, or reconciliation. */
const completedBy = (source: CompletionSource, customerId: string): Actor =>
  source === 'placeOrder' ? shopper(customerId) : source === 'webhook' ? WEBHOOK : RECONCILIATION;

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

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
    shippingInfo: c.shipping_info,
    orderId: c.order_id,
    reason: c.failure_reason,
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

/** What a checkout keeps of the cart's lines: enough to write the order and its e-mail later. */
const snapshot = (cart: CartLineRecord[]): CheckoutLine[] =>
  cart.map((l) => ({
    productId: l.productId._id,
    colorId: l.color._id,
    title: l.productId.title,
    color: l.color.title,
    quantity: l.quantity,
    price: l.price,
  }));

/** JSON with keys in one order (jsonb keeps its own order), so a stored value compares equal to the one given. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined && x !== null)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, canonical(x)]),
    );
  }
  return v;
}
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export function checkoutsService(deps: CheckoutsDeps) {
  const { db, payments, mailer, log } = deps;
  const shopName = deps.shopName ?? 'Digitic';
  const count = deps.outcome ?? (() => {});

  const byProviderOrder = (providerOrderId: string) =>
    db.selectFrom('checkouts').selectAll().where('razorpay_order_id', '=', providerOrderId).executeTakeFirst();

  const sendOnce = (mail: OnceMail) => sendOnceWith(mailer, log, mail);

  /** The order's confirmation, once whichever path made the order. */
  const sendConfirmation = (orderId: string) =>
    sendOnce({
      what: `order ${orderId}: the confirmation e-mail`,
      claim: () =>
        db
          .updateTable('orders')
          .set({ confirmation_sent_at: new Date() })
          .where('id', '=', orderId)
          .where('confirmation_sent_at', 'is', null)
          .executeTakeFirst(),
      release: () => db.updateTable('orders').set({ confirmation_sent_at: null }).where('id', '=', orderId).execute(),
      async compose() {
        const row = await db
          .selectFrom('checkouts as k')
          .innerJoin('customers as c', 'c.id', 'k.customer_id')
          .select([
            'c.email',
            'c.firstname',
            'k.lines',
            'k.subtotal',
            'k.shipping',
            'k.total',
            'k.coupon_code',
            'k.discount',
            'k.shipping_info',
          ])
          .where('k.order_id', '=', orderId)
          .executeTakeFirst();
        if (!row) return null; // an order made before checkout records: nothing to write from
        return orderConfirmation({
          to: row.email,
          firstname: row.firstname,
          orderId,
          lines: row.lines,
          subtotal: row.subtotal,
          shipping: row.shipping,
          coupon: row.coupon_code ? { code: row.coupon_code, discount: row.discount } : null,
          total: amountDue(row),
          address: row.shipping_info,
          ordersUrl: `${deps.webUrl}/my-orders`,
          shopName,
        });
      },
    });

  /** Tells the shopper their payment was refunded, once. */
  const sendRefundNotice = (paymentId: string) =>
    sendOnce({
      what: `payment ${paymentId}: the refund notice`,
      claim: () =>
        db
          .updateTable('unsettled_payments')
          .set({ notice_sent_at: new Date() })
          .where('razorpay_payment_id', '=', paymentId)
          .where('refunded_at', 'is not', null)
          .where('notice_sent_at', 'is', null)
          .executeTakeFirst(),
      release: () =>
        db.updateTable('unsettled_payments').set({ notice_sent_at: null }).where('razorpay_payment_id', '=', paymentId).execute(),
      async compose() {
        const row = await db
          .selectFrom('unsettled_payments as u')
          .innerJoin('customers as c', 'c.id', 'u.customer_id')
          .select(['c.email', 'c.firstname', 'u.amount_paid', 'u.reason', 'u.refund_id'])
          .where('u.razorpay_payment_id', '=', paymentId)
          .executeTakeFirstOrThrow();
        return refundNotice({
          to: row.email,
          firstname: row.firstname,
          amountPaise: row.amount_paid,
          reason: row.reason,
          refundId: row.refund_id ?? paymentId,
          shopName,
        });
      },
    });

  /** Keeps a captured payment that made no order, refunds it through the provider now, and tells the shopper. */
  async function refundPayment(checkout: Checkout, payment: ProviderPayment, reason: string, message = reason): Promise<boolean> {
    log(`checkout ${checkout.razorpay_order_id}: payment ${payment.id} made no order (${reason}); refunding it`);
    await db
      .insertInto('unsettled_payments')
      .values({
        razorpay_payment_id: payment.id,
        razorpay_order_id: checkout.razorpay_order_id,
        customer_id: checkout.customer_id,
        amount_paid: payment.amount,
        cart_total: toPaise(amountDue(checkout)),
        reason,
      })
      .onConflict((oc) => oc.column('razorpay_payment_id').doNothing())
      .execute();
    await db
      .updateTable('checkouts')
      .set({ failure_reason: message, updated_at: new Date() })
      .where('id', '=', checkout.id)
      .where('status', '!=', 'ordered')
      .execute();
    const [result] = await settleUnsettled(db, payments, { only: payment.id, source: 'automatic' });
    if (result?.outcome === 'refunded' || result?.outcome === 'already refunded at the provider') {
      count('refunded');
      await sendRefundNotice(payment.id);
      return true;
    }
    count('refund_pending');
    log(
      `payment ${payment.id}: the automatic refund did not go through (${result && 'why' in result ? result.why : 'no result'}); it will be retried`,
    );
    return false;
  }

  /**
   * Turns a captured payment into the order its checkout record describes, exactly once whatever
   * path calls it and however many call at once: the record is locked, its status decides.
   */
  async function complete(providerOrderId: string, payment: ProviderPayment, source: CompletionSource): Promise<Completion> {
    const checkout = await byProviderOrder(providerOrderId);
    if (!checkout) return null;
    const actor = completedBy(source, checkout.customer_id);
    class Refuse extends Error {
      constructor(readonly refusal: NotOrdered) {
        super(refusal.message);
      }
    }
    try {
      const done = await db.transaction().execute(async (trx) => {
        const k = await trx.selectFrom('checkouts').selectAll().where('id', '=', checkout.id).forUpdate().executeTakeFirstOrThrow();
        if (k.status === 'ordered' && k.order_id) {
          if (k.razorpay_payment_id === payment.id) return { orderId: k.order_id, created: false };
          throw new Refuse(
            new NotOrdered(
              'This checkout was already paid and ordered; the second payment will be refunded.',
              'second_payment',
              'a second payment for an order already made',
            ),
          );
        }
        if (k.status === 'refunded') {
          // The same answer whichever path met the refusal first.
          throw new Refuse(
            new NotOrdered(k.failure_reason ?? 'This payment could not become an order and has been refunded.', 'already_refunded'),
          );
        }
        if (k.failure_reason && k.razorpay_payment_id === payment.id) {
          throw new Refuse(new NotOrdered(k.failure_reason, 'already_refunded'));
        }
        const paid = await moveCheckout(trx, { id: k.id }, 'paid', { razorpay_payment_id: payment.id, paid_at: new Date() }, actor);
        if (!paid) throw new Error(`checkout ${k.razorpay_order_id} could not be marked paid from ${k.status}`);
        if (payment.amount !== toPaise(amountDue(k)) || payment.currency !== 'INR') {
          throw new Refuse(
            new NotOrdered(
              `The amount paid does not match your cart total of Rs. ${amountDue(k)}`,
              'amount_mismatch',
              'amount paid does not match the cart total',
            ),
          );
        }
        const orderId = await writeOrder(trx, k, payment.id);
        const short = await takeStock(trx, k.lines);
        if (short) {
          throw new Refuse(
            new NotOrdered(
              `Sorry, ${short.title} in ${short.color} is out of stock. Your payment will be refunded.`,
              'out_of_stock',
              `out of stock: ${short.title} in ${short.color}`,
            ),
          );
        }
        const couponRefused = await spendCoupon(trx, k, orderId, payment.created_at ? new Date(payment.created_at * 1000) : new Date());
        if (couponRefused) {
          throw new Refuse(
            new NotOrdered(
              `Sorry, your order could not be made: ${couponRefused}. Your payment will be refunded.`,
              'coupon',
              `coupon: ${couponRefused}`,
            ),
          );
        }
        await removeOrderedLines(trx, k.customer_id, k.lines);
        await moveCheckout(trx, { id: k.id }, 'ordered', { order_id: orderId, failure_reason: null }, actor);
        await addOrderEvent(trx, orderId, 'placed', actor, {
          to: 'Ordered',
          detail: { paymentId: payment.id, amountPaise: payment.amount, checkoutId: k.id },
        });
        await recordAudit(trx, actor, {
          action: 'order.placed',
          subject: { kind: 'order', id: orderId },
          after: {
            status: 'Ordered',
            total: k.total,
            ...(k.coupon_code ? { couponCode: k.coupon_code, discount: k.discount } : {}),
            paid: amountDue(k),
            paymentId: payment.id,
          },
        });
        return { orderId, created: true };
      });
      if (done.created) {
        count('ordered', source);
        log(`checkout ${providerOrderId}: order ${done.orderId} made by ${source}`);
        void sendConfirmation(done.orderId).catch((err: unknown) => log(`order ${done.orderId}: confirmation failed`, err));
      }
      return done;
    } catch (err) {
      if (err instanceof Refuse) {
        const { refusal } = err;
        if (refusal.kind !== 'already_refunded') {
          // The transaction rolled back: record the payment against the checkout, with why it made no order
          // (so a concurrent completion of the same payment finds the refusal), then refund it.
          const moved = await moveCheckout(
            db,
            { id: checkout.id },
            'paid',
            { razorpay_payment_id: payment.id, paid_at: new Date(), failure_reason: refusal.message },
            actor,
          );
          if (!moved) {
            // Another path completed it meanwhile: its order stands, and this payment is not refunded.
            const now = await byProviderOrder(providerOrderId);
            if (now?.status === 'ordered' && now.order_id && now.razorpay_payment_id === payment.id)
              return { orderId: now.order_id, created: false };
          }
          // No order from this checkout: its use of a coupon goes back (a second payment's checkout made its order and keeps it).
          if (refusal.kind !== 'second_payment') await releaseCoupon(db, checkout.id);
          // A webhook answers at once; its refund goes on behind it (reconciliation retries one that fails).
          const refunding = refundPayment(checkout, payment, refusal.reason, refusal.message);
          if (source === 'webhook') void refunding.catch((e: unknown) => log(`payment ${payment.id}: refund failed`, e));
          else await refunding;
        }
        return { refused: refusal };
      }
      // A concurrent completion won the race for the order's unique keys: answer with its order.
      if (isUniqueViolation(err)) {
        const winner = await byProviderOrder(providerOrderId);
        if (winner?.order_id) return { orderId: winner.order_id, created: false };
      }
      throw err;
    }
  }

  /** What `start` does once it holds the customer's lease: reuse the open checkout, or make one. */
  async function openCheckout(customerId: string, shippingInfo: ShippingInfo, couponCode: string | null) {
    const cart = await cartLines(db, customerId);
    if (cart.length === 0) throw badRequest('Your cart is empty', 'cart');
    const withdrawn = await db
      .selectFrom('products')
      .select('title')
      .where(
        'id',
        'in',
        cart.map((l) => l.productId._id),
      )
      .where('archived_at', 'is not', null)
      .orderBy('title')
      .executeTakeFirst();
    if (withdrawn) throw conflict(`Sorry, ${withdrawn.title} is no longer sold: remove it from your cart`, 'cart');
    const short = await shortOfStock(
      db,
      cart.map((l) => ({
        productId: l.productId._id,
        colorId: l.color._id,
        title: l.productId.title,
        color: l.color.title,
        quantity: l.quantity,
      })),
    );
    if (short) throw conflict(shortageMessage(short), 'cart');
    const lines = snapshot(cart);
    const subtotal = subtotalOf(lines);
    const total = orderTotal(lines);
    // Priced here first, so a coupon that cannot apply is refused before anything is written.
    const priced = couponCode ? await priceCoupon(db, customerId, couponCode, subtotal) : null;

    const open = await db
      .selectFrom('checkouts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('status', 'in', ['started', 'paid'])
      .where('created_at', '>', new Date(Date.now() - 30 * 60_000))
      .orderBy('created_at', 'desc')
      .execute();
    if (open.some((c) => c.status === 'paid' && !c.failure_reason)) {
      throw conflict(
        'We have received a payment for your cart and are confirming your order; it will appear in My Orders shortly.',
        'cart',
      );
    }
    const same = open.find(
      (c) =>
        c.status === 'started' &&
        c.total === total &&
        c.coupon_code === (priced?.code ?? null) &&
        c.discount === (priced?.discount ?? 0) &&
        sameJson(c.lines, lines) &&
        sameJson(c.shipping_info, shippingInfo),
    );
    if (same) {
      // Its coupon's use held again (another checkout of the shopper's may have taken it over meanwhile).
      if (priced) {
        await holdCoupon(db, { customerId, checkoutId: same.id, code: priced.code, subtotal, holdSeconds: deps.couponHoldSeconds ?? 1800 });
      }
      count('reused');
      return checkoutJson(same, deps.keyId);
    }

    const id = randomUUID();
    // The coupon's use is held (under its lock, limits counted again) before the provider is asked for
    // the discounted amount; a start that fails after that gives the use back.
    const held = priced
      ? await holdCoupon(db, { customerId, checkoutId: id, code: priced.code, subtotal, holdSeconds: deps.couponHoldSeconds ?? 1800 })
      : null;
    const discount = held?.discount ?? 0;
    let checkout: Checkout;
    try {
      const providerOrder = await payments.createOrder(toPaise(total - discount), id, { customer: customerId, checkout: id });
      checkout = await db
        .insertInto('checkouts')
        .values({
          id,
          customer_id: customerId,
          razorpay_order_id: providerOrder.id,
          lines: JSON.stringify(lines),
          shipping_info: JSON.stringify(shippingInfo),
          subtotal,
          shipping: SHIPPING_FEE,
          total,
          coupon_code: held?.code ?? null,
          discount,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (held) await releaseCoupon(db, id).catch((e: unknown) => log(`checkout ${id}: its coupon hold could not be released`, e));
      throw err;
    }
    await recordAudit(db, shopper(customerId), {
      action: 'checkout.started',
      subject: { kind: 'checkout', id },
      after: {
        status: 'started',
        total,
        ...(held ? { couponCode: held.code, discount } : {}),
        providerOrderId: checkout.razorpay_order_id,
      },
    });
    count('started');
    log(`checkout ${checkout.razorpay_order_id} started for Rs. ${total - discount}`);
    return checkoutJson(checkout, deps.keyId);
  }

  return {
    complete,
    sendConfirmation,
    sendRefundNotice,
    byProviderOrder,

    /**
     * Starts a payment for the caller's cart: priced and checked for stock here, recorded before the
     * shopper can pay. The same cart to the same address again reuses the open checkout, so a second
     * Pay is refused by the provider as already paid rather than charged twice.
     */
    async start(customerId: string, shippingInfo: ShippingInfo, couponCode: string | null = null) {
      // The look-up and the provider order it may lead to are one step per customer, across every api
      // on the database: a start that came in meanwhile (a double click, a retry, another tab) waits,
      // then finds the checkout this one recorded instead of making a second provider order.
      const name = `checkout-start:${customerId}`;
      const holder = randomUUID();
      if (!(await awaitLease(db, name, holder, START_LEASE_SECONDS, deps.startWaitMs ?? START_WAIT_MS))) {
        throw conflict('Your checkout is still being started in another window or tab. Please wait a moment and try again.', 'cart');
      }
      try {
        return await openCheckout(customerId, shippingInfo, couponCode);
      } finally {
        // Not given back (the database is down), it frees itself when it expires.
        await dropLease(db, name, holder).catch((err: unknown) => log(`${name}: the lease could not be released`, err));
      }
    },

    /**
     * The record for a provider order paid through the legacy path (create-order with no checkout
     * started here): written from the caller's cart as it is now, so the order comes from a record too.
     */
    async adopt(customerId: string, providerOrderId: string, shippingInfo: ShippingInfo): Promise<Checkout> {
      const existing = await byProviderOrder(providerOrderId);
      if (existing) return existing;
      const cart = await cartLines(db, customerId);
      if (cart.length === 0) throw badRequest('Your cart is empty', 'cart');
      const lines = snapshot(cart);
      const subtotal = subtotalOf(lines);
      await db
        .insertInto('checkouts')
        .values({
          customer_id: customerId,
          razorpay_order_id: providerOrderId,
          lines: JSON.stringify(lines),
          shipping_info: JSON.stringify(shippingInfo),
          subtotal,
          shipping: SHIPPING_FEE,
          total: orderTotal(lines),
        })
        .onConflict((oc) => oc.column('razorpay_order_id').doNothing())
        .execute();
      const adopted = await byProviderOrder(providerOrderId);
      if (!adopted) throw new Error(`checkout ${providerOrderId} vanished`);
      return adopted;
    },

    /** A payment attempt failed: the checkout says so (the cart is untouched); a later payment may still succeed. */
    async markFailed(providerOrderId: string, reason: string | null | undefined) {
      // Only a checkout still waiting for its payment fails (the table): a later captured payment may still make it paid.
      const failed = await moveCheckout(
        db,
        { providerOrderId },
        'failed',
        { failure_reason: (reason ?? 'The payment failed').slice(0, 500) },
        WEBHOOK,
      );
      if (failed) count('failed');
      return failed !== null;
    },

    /** A refund the provider reports (webhook): recorded once; a kept payment it covers is settled and the shopper told. */
    async recordRefund(refund: { id: string; payment_id: string; amount: number; status: string }, source: string) {
      // The kept payment first: while an automatic refund of it is under way its row is locked, so this
      // waits for that refund to be written (with its own source) instead of racing it to the ledger.
      const settled = await db
        .updateTable('unsettled_payments')
        .set({ refund_id: refund.id, refunded_at: new Date() })
        .where('razorpay_payment_id', '=', refund.payment_id)
        .where('refunded_at', 'is', null)
        .where('amount_paid', '<=', refund.amount)
        .executeTakeFirst();
      const inserted = await db
        .insertInto('payment_refunds')
        .values({ refund_id: refund.id, razorpay_payment_id: refund.payment_id, amount: refund.amount, status: refund.status, source })
        .onConflict((oc) => oc.column('refund_id').doNothing())
        .executeTakeFirst();
      if (Number(settled.numUpdatedRows) === 1) {
        await markRefunded(db, refund.payment_id, WEBHOOK);
        await sendRefundNotice(refund.payment_id);
      }
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** The caller's cart priced as a checkout would price it now, with the coupon given (refused with its reason). */
    async quote(customerId: string, couponCode: string | null) {
      const cart = await cartLines(db, customerId);
      if (couponCode && cart.length === 0) throw badRequest('Your cart is empty', 'cart');
      const subtotal = subtotalOf(cart);
      const total = cart.length === 0 ? 0 : orderTotal(cart);
      const priced = couponCode ? await priceCoupon(db, customerId, couponCode, subtotal) : null;
      const discount = priced?.discount ?? 0;
      return {
        subtotal,
        shipping: cart.length === 0 ? 0 : SHIPPING_FEE,
        total,
        couponCode: priced?.code ?? null,
        discount,
        totalAfterDiscount: total - discount,
      };
    },

    /** The caller's checkout by its provider order id (null for anyone else's). */
    async mine(customerId: string, providerOrderId: string) {
      const c = await byProviderOrder(providerOrderId);
      return c && c.customer_id === customerId ? checkoutJson(c, deps.keyId) : null;
    },

    /** Whether the caller may spend a payment on this checkout (the gateway writes the customer on each). */
    assertOwner(checkout: Checkout, customerId: string) {
      if (checkout.customer_id !== customerId) throw paymentFailed('This payment was started by another customer');
    },
  };
}

export type CheckoutsService = ReturnType<typeof checkoutsService>;
