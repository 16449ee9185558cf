import { randomUUID } from 'node:crypto';
import { orderTotal, SHIPPING_FEE, subtotal as subtotalOf, toPaise } from '@digitic/shop-rules';
import { shopper } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { cartItems } from '../cart/service.js';
import { holdCoupon, priceCoupon, releaseCoupon } from '../coupons/redemptions.js';
import { awaitLease, dropLease } from '../db/lease.js';
import type { Kysely, Transaction } from 'kysely';
import type { Checkout, Database, ShippingInfo } from '../db/schema.js';
import { badRequest, conflict } from '../domain/errors.js';
import { shortageMessage, shortOfStock } from '../products/stock.js';
import { checkoutLines } from './lines.js';
import { taxCheckout, taxFacts } from '../tax/sale-tax.js';
import { byProviderOrder, checkoutJson, type CheckoutsDeps, counter } from './model.js';

// A start holds its customer's lease across the provider call (the SDK gives up after 10 s): a waiter
// gives up a little after that, and a lease whose holder crashed frees itself well after that.
const START_WAIT_MS = 12_000;
const START_LEASE_SECONDS = 30;

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

class Rehearsed extends Error {}

/** Runs `write` in a transaction that is always rolled back: it throws what the database refused, or nothing. */
async function rehearse(db: Kysely<Database>, write: (trx: Transaction<Database>) => Promise<unknown>): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      await write(trx);
      throw new Rehearsed();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rehearsed)) throw err;
    });
}

/** Starting a checkout from the caller's cart: priced, checked for stock and recorded before the shopper can pay. */
export function checkoutStart(
  deps: Pick<CheckoutsDeps, 'db' | 'payments' | 'log' | 'outcome' | 'keyId' | 'startWaitMs' | 'couponHoldSeconds' | 'seller'>,
) {
  const { db, payments, log } = deps;
  const count = counter(deps);

  /** What `start` does once it holds the customer's lease: reuse the open checkout, or make one. */
  async function openCheckout(customerId: string, shippingInfo: ShippingInfo, couponCode: string | null) {
    const cart = await cartItems(db, customerId);
    if (cart.length === 0) throw badRequest('Your cart is empty', 'cart');
    const lines = checkoutLines(cart);
    const withdrawn = await db
      .selectFrom('products')
      .select('title')
      .where(
        'id',
        'in',
        lines.map((l) => l.productId),
      )
      .where('archived_at', 'is not', null)
      .orderBy('title')
      .executeTakeFirst();
    if (withdrawn) throw conflict(`Sorry, ${withdrawn.title} is no longer sold: remove it from your cart`, 'cart');
    const short = await shortOfStock(db, lines);
    if (short) throw conflict(shortageMessage(short), 'cart');
    const subtotal = subtotalOf(lines);
    const total = orderTotal(lines);
    // The lines with their GST, the coupon's discount shared among them first.
    const facts = await taxFacts(
      db,
      lines.map((l) => l.productId),
    );
    const taxed = (discount: number) =>
      taxCheckout(lines, facts, {
        discount,
        shipping: SHIPPING_FEE,
        seller: deps.seller,
        deliveryState: shippingInfo.state,
        buyerGstin: shippingInfo.gstin ?? null,
      });
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
        sameJson(c.lines, taxed(priced?.discount ?? 0).lines) &&
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
    const sale = taxed(discount);
    const row = (providerOrderId: string) => ({
      id,
      customer_id: customerId,
      razorpay_order_id: providerOrderId,
      lines: JSON.stringify(sale.lines),
      shipping_info: JSON.stringify(shippingInfo),
      tax: JSON.stringify(sale.tax),
      subtotal,
      shipping: SHIPPING_FEE,
      total,
      coupon_code: held?.code ?? null,
      discount,
    });
    let checkout: Checkout;
    try {
      // Nothing is made at the provider before the shop's own record is known to go in: the same row is written
      // first and rolled back (what the database would refuse, it refuses here), then the provider is asked.
      await rehearse(db, (trx) =>
        trx
          .insertInto('checkouts')
          .values(row(`rehearsal:${id}`))
          .execute(),
      );
      const providerOrder = await payments.createOrder(toPaise(total - discount), id, { customer: customerId, checkout: id });
      checkout = await db.insertInto('checkouts').values(row(providerOrder.id)).returningAll().executeTakeFirstOrThrow();
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

  /**
   * Starts a payment for the caller's cart: priced and checked for stock here, recorded before the
   * shopper can pay. The same cart to the same address again reuses the open checkout, so a second
   * Pay is refused by the provider as already paid rather than charged twice.
   */
  async function start(customerId: string, shippingInfo: ShippingInfo, couponCode: string | null = null) {
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
  }

  /**
   * The record for a provider order paid through the legacy path (create-order with no checkout
   * started here): written from the caller's cart as it is now, so the order comes from a record too.
   */
  async function adopt(customerId: string, providerOrderId: string, shippingInfo: ShippingInfo): Promise<Checkout> {
    const existing = await byProviderOrder(db, providerOrderId);
    if (existing) return existing;
    const cart = await cartItems(db, customerId);
    if (cart.length === 0) throw badRequest('Your cart is empty', 'cart');
    const lines = checkoutLines(cart);
    const subtotal = subtotalOf(lines);
    // Its GST as a started checkout's (no coupon on this path).
    const sale = taxCheckout(
      lines,
      await taxFacts(
        db,
        lines.map((l) => l.productId),
      ),
      {
        discount: 0,
        shipping: SHIPPING_FEE,
        seller: deps.seller,
        deliveryState: shippingInfo.state,
        buyerGstin: shippingInfo.gstin ?? null,
      },
    );
    await db
      .insertInto('checkouts')
      .values({
        customer_id: customerId,
        razorpay_order_id: providerOrderId,
        lines: JSON.stringify(sale.lines),
        shipping_info: JSON.stringify(shippingInfo),
        tax: JSON.stringify(sale.tax),
        subtotal,
        shipping: SHIPPING_FEE,
        total: orderTotal(lines),
      })
      .onConflict((oc) => oc.column('razorpay_order_id').doNothing())
      .execute();
    const adopted = await byProviderOrder(db, providerOrderId);
    if (!adopted) throw new Error(`checkout ${providerOrderId} vanished`);
    return adopted;
  }

  return { start, adopt };
}
