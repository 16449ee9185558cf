import { COUPON_CODE, COUPON_CODE_RULE, couponDiscount, normalizeCouponCode } from '@digitic/shop-rules';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Coupon, Database } from '../db/schema.js';
import { badRequest, conflict } from '../domain/errors.js';
import { moveRedemptions, redemptionMovesTo } from './redemption-state.js';

// Coupons: made and changed in the back office (coupons:manage), priced by the api alone. A checkout
// holds one use of its coupon from the moment it starts (the shopper is about to pay the discounted
// total); its order spends the use; a checkout that makes no order gives it back. Every use is counted
// under the coupon's row lock, so limits hold however many shoppers race for the last use.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A hold lapses for its own checkout when its time is up (judged by when the shopper paid), but still counts
 * against the limits for this long after: a payment made just in time and confirmed a little later (by the
 * webhook or reconciliation) finds its use still there, never taken by another shopper meanwhile.
 */
const HOLD_GRACE = '15 minutes';

const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN')}`;
const day = (d: Date) => d.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Uses that count against the limits: spent by an order, or held by a checkout still being paid. `except`
 * leaves out one checkout's; `renewing` leaves out the holds a new checkout of that customer would give back.
 */
const counted = (db: Db, couponId: string, only: { customerId?: string; except?: string; renewing?: string } = {}) => {
  let q = db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('coupon_id', '=', couponId)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'used'),
        eb.and([eb('state', '=', 'held'), eb('held_until', '>', sql<Date>`now() - ${HOLD_GRACE}::interval`)]),
      ]),
    );
  if (only.customerId) q = q.where('customer_id', '=', only.customerId);
  if (only.except) q = q.where('checkout_id', '!=', only.except);
  if (only.renewing) q = q.where('checkout_id', 'not in', replaceable(db, only.renewing));
  return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
};

/** The customer's checkouts not paid (started, failed, expired): a new checkout of theirs takes over their coupon holds. */
const replaceable = (db: Db, customerId: string) =>
  db.selectFrom('checkouts').select('id').where('customer_id', '=', customerId).where('status', 'in', ['started', 'failed', 'expired']);

/** Why the coupon cannot be used now for this subtotal (its own rules, not its limits), or null. */
function ruleProblem(c: Coupon, subtotal: number, now = new Date()): string | null {
  if (!c.active) return `The coupon ${c.code} is not active`;
  if (c.starts_at && c.starts_at > now) return `The coupon ${c.code} can be used from ${day(c.starts_at)}`;
  if (c.expires_at && c.expires_at <= now) return `The coupon ${c.code} expired on ${day(c.expires_at)}`;
  if (subtotal < c.min_order) {
    return `The coupon ${c.code} needs an order of at least ${rupees(c.min_order)} before shipping; your cart comes to ${rupees(subtotal)}`;
  }
  return null;
}

/** Why the coupon's limits leave this customer no use (counted now, under the coupon's lock), or null. */
async function limitProblem(
  db: Db,
  c: Coupon,
  customerId: string,
  leaveOut: { except?: string; renewing?: string } = {},
): Promise<string | null> {
  if (c.usage_limit !== null && (await counted(db, c.id, leaveOut)) >= c.usage_limit) return `The coupon ${c.code} has been used up`;
  if (c.per_customer_limit !== null && (await counted(db, c.id, { ...leaveOut, customerId })) >= c.per_customer_limit) {
    return c.per_customer_limit === 1
      ? `You have already used the coupon ${c.code}`
      : `You have already used the coupon ${c.code} ${c.per_customer_limit} times, as often as it allows`;
  }
  return null;
}

const byCode = (db: Db, code: string, lock = false) => {
  const q = db.selectFrom('coupons').selectAll().where('code', '=', code);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export interface PricedCoupon {
  code: string;
  discount: number;
}

/**
 * What the code takes off this customer's subtotal, or a refusal naming the rule that stops it: the
 * code, the switch, the dates, the minimum order, the limits (counted without a lock: the hold counts again).
 */
export async function priceCoupon(db: Db, customerId: string, given: string, subtotal: number): Promise<PricedCoupon> {
  const code = normalizeCouponCode(given);
  if (!COUPON_CODE.test(code)) throw badRequest(`${COUPON_CODE_RULE}`, 'couponCode');
  const coupon = await byCode(db, code);
  if (!coupon) throw badRequest(`The coupon code ${code} is not valid`, 'couponCode');
  const problem = ruleProblem(coupon, subtotal) ?? (await limitProblem(db, coupon, customerId, { renewing: customerId }));
  if (problem) throw conflict(problem, 'couponCode');
  return { code, discount: couponDiscount(coupon, subtotal) };
}

/**
 * Holds one use of the coupon for a checkout about to be paid, in one transaction under the coupon's
 * row lock: the customer's holds of it on other checkouts they have not paid are given back first (this
 * checkout replaces them), then the rules and the limits are checked and the use written (or, for an
 * open checkout started again, renewed).
 */
export async function holdCoupon(
  db: Kysely<Database>,
  hold: { customerId: string; checkoutId: string; code: string; subtotal: number; holdSeconds: number },
): Promise<PricedCoupon> {
  return db.transaction().execute(async (trx) => {
    const coupon = await byCode(trx, hold.code, true);
    if (!coupon) throw badRequest(`The coupon code ${hold.code} is not valid`, 'couponCode');
    await moveRedemptions(trx, 'released', (q) =>
      q
        .where('coupon_id', '=', coupon.id)
        .where('customer_id', '=', hold.customerId)
        .where('checkout_id', '!=', hold.checkoutId)
        .where('checkout_id', 'in', replaceable(trx, hold.customerId)),
    );
    const problem = ruleProblem(coupon, hold.subtotal) ?? (await limitProblem(trx, coupon, hold.customerId, { except: hold.checkoutId }));
    if (problem) throw conflict(problem, 'couponCode');
    const discount = couponDiscount(coupon, hold.subtotal);
    const until = sql<Date>`now() + ${`${hold.holdSeconds} seconds`}::interval`;
    // A new checkout's hold, or (the same cart to the same address again) the open checkout's hold renewed.
    await trx
      .insertInto('coupon_redemptions')
      .values({ coupon_id: coupon.id, customer_id: hold.customerId, checkout_id: hold.checkoutId, discount, held_until: until })
      .onConflict((oc) =>
        oc
          .column('checkout_id')
          .doUpdateSet({ state: 'held', held_until: until, discount, updated_at: new Date() })
          .where('coupon_redemptions.state', 'in', redemptionMovesTo('held')),
      )
      .execute();
    return { code: coupon.code, discount };
  });
}

/**
 * Spends the checkout's use of its coupon on the order it is making (in that order's transaction). A
 * hold standing when the shopper paid is honoured as it was given (they paid the total it priced); one
 * that had lapsed or was given back is taken again only if the coupon's rules and limits still allow it
 * and it takes no less off now. Answers why it cannot be, or null once spent.
 */
export async function spendCoupon(
  trx: Transaction<Database>,
  checkout: { id: string; customer_id: string; coupon_code: string | null; subtotal: number; discount: number },
  orderId: string,
  paidAt: Date,
): Promise<string | null> {
  if (!checkout.coupon_code) return null;
  const use = await trx.selectFrom('coupon_redemptions').selectAll().where('checkout_id', '=', checkout.id).executeTakeFirst();
  // The coupon the checkout held, by its id (a code may have been given to another coupon since); then its use.
  const coupon = use
    ? await trx.selectFrom('coupons').selectAll().where('id', '=', use.coupon_id).forUpdate().executeTakeFirst()
    : await byCode(trx, checkout.coupon_code, true);
  if (!coupon) return `the coupon ${checkout.coupon_code} no longer exists`;
  const held = use
    ? await trx.selectFrom('coupon_redemptions').selectAll().where('id', '=', use.id).forUpdate().executeTakeFirstOrThrow()
    : null;
  if (held?.state === 'used')
    return held.order_id === orderId ? null : `the coupon ${coupon.code} was used by another order of this checkout`;
  const standing = held?.state === 'held' && held.held_until > paidAt;
  if (!standing) {
    const problem =
      ruleProblem(coupon, checkout.subtotal) ?? (await limitProblem(trx, coupon, checkout.customer_id, { except: checkout.id }));
    if (problem) return problem;
    // Changed since the shopper was given its price: never more off than the coupon gives now.
    if (couponDiscount(coupon, checkout.subtotal) < checkout.discount) return `the coupon ${coupon.code} takes less off now`;
  }
  if (held) {
    await moveRedemptions(trx, 'used', (q) => q.where('id', '=', held.id), { order_id: orderId });
  } else {
    await trx
      .insertInto('coupon_redemptions')
      .values({
        coupon_id: coupon.id,
        customer_id: checkout.customer_id,
        checkout_id: checkout.id,
        order_id: orderId,
        discount: checkout.discount,
        state: 'used',
        held_until: new Date(),
      })
      .execute();
  }
  return null;
}

/** Gives back the checkout's held use (it made no order, or never reached the provider). */
export async function releaseCoupon(db: Db, checkoutId: string): Promise<void> {
  await moveRedemptions(db, 'released', (q) => q.where('checkout_id', '=', checkoutId));
}
