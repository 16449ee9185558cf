import { COUPON_CODE, COUPON_CODE_RULE, normalizeCouponCode } from '@digitic/shop-rules';
import type { CouponListRecord, CouponRecord } from '@digitic/rest-contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Coupon, Database } from '../db/schema.js';
import { conflict, notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { pageFields, versionRead } from '../http/validate.js';
import { pageOf } from '../db/page.js';

// The coupons desk (coupons:manage): coupons made, changed and listed with their uses. How a checkout holds,
// spends and gives back a use is redemptions.ts.

type Db = Kysely<Database> | Transaction<Database>;

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
  version: versionRead('coupon'),
}).superRefine(consistent);
export type CouponInput = z.infer<typeof CouponInput>;
export type CouponEdit = z.infer<typeof CouponEdit>;

export const CouponQuery = z.object({
  q: z.string().trim().max(40, 'The search is at most 40 characters').optional(),
  status: z.enum(['active', 'inactive', 'all'], { error: 'status is active, inactive or all' }).default('all'),
  ...pageFields,
});
export type CouponQuery = z.infer<typeof CouponQuery>;

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
      const { rows, total } = await pageOf(q, query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'));
      return {
        coupons: await Promise.all(rows.map((c) => couponJson(db, c))),
        total,
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
