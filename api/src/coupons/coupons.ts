import { COUPON_CODE, COUPON_CODE_RULE, couponDiscount, normalizeCouponCode } from '@digitic/shop-rules';
import type { CouponListRecord, CouponRecord } from '@digitic/rest-contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Coupon, Database } from '../db/schema.js';
import { badRequest, conflict, notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

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

const Code = z
  .string({ error: 'code is required' })
  .transform(normalizeCouponCode)
  .refine((c) => COUPON_CODE.test(c), COUPON_CODE_RULE);
const Stamp = z
  .union([z.iso.datetime({ offset: true, error: 'a date and time with its offset, e.g. 2026-12-01T00:00:00+05:30' }), z.null()])
  .optional()
  .transform((v) => (v ? new Date(v) : null));
const Limit = (what: string) =>
  z
    .number({ error: `${what} is a whole number, or empty for no limit` })
    .int(`${what} is a whole number`)
    .min(1, `${what} is at least 1, or empty for no limit`)
    .max(1_000_000, `${what} is at most 1,000,000`)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const CouponFields = z.object({
  code: Code,
  description: z.string().trim().max(200, 'The description is at most 200 characters').default(''),
  kind: z.enum(['percent', 'fixed'], { error: 'kind is percent or fixed' }),
  value: z
    .number({ error: 'value is a whole number: a percentage or rupees' })
    .int('value is a whole number: a percentage or rupees')
    .min(1, 'value is at least 1')
    .max(10_000_000, 'value is at most 10,000,000'),
  startsAt: Stamp,
  expiresAt: Stamp,
  minOrder: z
    .number({ error: 'minOrder is a whole number of rupees' })
    .int('minOrder is a whole number of rupees')
    .min(0, 'minOrder is not negative')
    .max(10_000_000, 'minOrder is at most 10,000,000')
    .default(0),
  usageLimit: Limit('usageLimit'),
  perCustomerLimit: Limit('perCustomerLimit'),
  active: z.boolean({ error: 'active is true or false' }).default(true),
});

const consistent = (c: { kind: string; value: number; startsAt: Date | null; expiresAt: Date | null }, ctx: z.RefinementCtx) => {
  if (c.kind === 'percent' && c.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' });
  if (c.startsAt && c.expiresAt && c.expiresAt <= c.startsAt) {
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'The coupon must expire after it starts' });
  }
};

export const CouponInput = CouponFields.superRefine(consistent);
export const CouponEdit = CouponFields.extend({
  version: z.number({ error: 'version is the coupon version you read' }).int().min(0),
}).superRefine(consistent);
export type CouponInput = z.infer<typeof CouponInput>;
export type CouponEdit = z.infer<typeof CouponEdit>;

export const CouponQuery = z.object({
  q: z.string().trim().max(40, 'The search is at most 40 characters').optional(),
  status: z.enum(['active', 'inactive', 'all'], { error: 'status is active, inactive or all' }).default('all'),
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize is a whole number' }).int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type CouponQuery = z.infer<typeof CouponQuery>;

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
    await trx
      .updateTable('coupon_redemptions')
      .set({ state: 'released', updated_at: new Date() })
      .where('coupon_id', '=', coupon.id)
      .where('customer_id', '=', hold.customerId)
      .where('state', '=', 'held')
      .where('checkout_id', '!=', hold.checkoutId)
      .where('checkout_id', 'in', replaceable(trx, hold.customerId))
      .execute();
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
          .where('coupon_redemptions.state', '!=', 'used'),
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
    await trx
      .updateTable('coupon_redemptions')
      .set({ state: 'used', order_id: orderId, updated_at: new Date() })
      .where('id', '=', held.id)
      .execute();
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
  await db
    .updateTable('coupon_redemptions')
    .set({ state: 'released', updated_at: new Date() })
    .where('checkout_id', '=', checkoutId)
    .where('state', '=', 'held')
    .execute();
}

/** The coupon as the desk shows it, with its uses: spent by orders, and held by checkouts being paid. */
async function couponJson(db: Db, c: Coupon): Promise<CouponRecord> {
  const uses = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => [
      eb.fn.count<string>('id').filterWhere('state', '=', 'used').as('used'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => w.and([w('state', '=', 'held'), w('held_until', '>', sql<Date>`now()`)]))
        .as('held'),
      eb.fn.coalesce(eb.fn.sum<string>('discount').filterWhere('state', '=', 'used'), sql<string>`0`).as('given'),
    ])
    .where('coupon_id', '=', c.id)
    .executeTakeFirstOrThrow();
  return {
    _id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind,
    value: c.value,
    startsAt: c.starts_at?.toISOString() ?? null,
    expiresAt: c.expires_at?.toISOString() ?? null,
    minOrder: c.min_order,
    usageLimit: c.usage_limit,
    perCustomerLimit: c.per_customer_limit,
    active: c.active,
    version: c.version,
    used: Number(uses.used),
    held: Number(uses.held),
    discountGiven: Number(uses.given),
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  };
}

const auditable = (c: CouponRecord) => {
  const { used: _u, held: _h, discountGiven: _d, createdAt: _c, updatedAt: _up, ...rest } = c;
  return rest;
};

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** The back office's coupons: listed, read, made and changed (never deleted: orders name them; switch one off instead). */
export function couponsDesk(db: Kysely<Database>) {
  async function get(id: string): Promise<CouponRecord> {
    if (!isUuid(id)) throw notFound('Coupon not found');
    const c = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) throw notFound('Coupon not found');
    return couponJson(db, c);
  }
  const values = (input: CouponInput) => ({
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.value,
    starts_at: input.startsAt,
    expires_at: input.expiresAt,
    min_order: input.minOrder,
    usage_limit: input.usageLimit,
    per_customer_limit: input.perCustomerLimit,
    active: input.active,
  });
  const taken = (code: string) => conflict(`There is already a coupon ${code}`, 'code');

  return {
    get,
    async list(query: CouponQuery): Promise<CouponListRecord> {
      let q = db.selectFrom('coupons');
      if (query.q) q = q.where('code', 'like', `%${normalizeCouponCode(query.q).replace(/[%_\\]/g, (m) => `\\${m}`)}%`);
      if (query.status !== 'all') q = q.where('active', '=', query.status === 'active');
      const [{ n }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      return {
        coupons: await Promise.all(rows.map((c) => couponJson(db, c))),
        total: Number(n),
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    async create(input: CouponInput, actor: Actor): Promise<CouponRecord> {
      try {
        const id = await db.transaction().execute(async (trx) => {
          const row = await trx.insertInto('coupons').values(values(input)).returningAll().executeTakeFirstOrThrow();
          await recordAudit(trx, actor, {
            action: 'coupon.created',
            subject: { kind: 'coupon', id: row.id },
            after: auditable(await couponJson(trx, row)),
          });
          return row.id;
        });
        return await get(id);
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(input.code);
        throw err;
      }
    },
    async update(id: string, input: CouponEdit, actor: Actor): Promise<CouponRecord> {
      if (!isUuid(id)) throw notFound('Coupon not found');
      try {
        await db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('coupons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
          if (!before) throw notFound('Coupon not found');
          if (before.version !== input.version) {
            throw versionConflict('This coupon was changed by someone else since you opened it. Reload it, then try again.');
          }
          if (input.code !== before.code) {
            const used = await trx.selectFrom('coupon_redemptions').select('id').where('coupon_id', '=', id).limit(1).executeTakeFirst();
            if (used) throw conflict('A coupon shoppers have used keeps its code: make a new coupon for a new code', 'code');
          }
          const after = await trx
            .updateTable('coupons')
            .set((eb) => ({ ...values(input), version: eb('version', '+', 1), updated_at: new Date() }))
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAudit(trx, actor, {
            action: 'coupon.updated',
            subject: { kind: 'coupon', id },
            before: auditable(await couponJson(trx, before)),
            after: auditable(await couponJson(trx, after)),
          });
        });
        return await get(id);
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(input.code);
        throw err;
      }
    },
  };
}

export type CouponsDesk = ReturnType<typeof couponsDesk>;
