import type { Kysely, Transaction, UpdateQueryBuilder, Updateable, UpdateResult } from 'kysely';
import type { CouponRedemptionsTable, Database, RedemptionState } from '../db/schema.js';
import { type Lifecycle, movesTo } from '../domain/lifecycle.js';

/**
 * A coupon's use by a checkout: held while the checkout is paid, then used by its order, or released (the
 * checkout made no order, or a newer checkout of the shopper's took it over). A released hold is held again
 * when its checkout is started again; a used one never moves. Nothing but `moveRedemptions` writes the state
 * of a use that exists (a new one is written held, or used when an order takes a coupon with no hold).
 */
export const REDEMPTION_TRANSITIONS: Lifecycle<RedemptionState> = {
  held: ['held', 'used', 'released'],
  released: ['held', 'used'],
  used: [],
};

/** The states a use may be in to move to `to`. */
export const redemptionMovesTo = (to: RedemptionState) => movesTo(REDEMPTION_TRANSITIONS, to);

type Uses = UpdateQueryBuilder<Database, 'coupon_redemptions', 'coupon_redemptions', UpdateResult>;

/** Moves the uses `scope` picks that the table lets move to `to` (set-based: under the coupon's or the row's lock). */
export async function moveRedemptions(
  db: Kysely<Database> | Transaction<Database>,
  to: Exclude<RedemptionState, 'held'>,
  scope: (uses: Uses) => Uses,
  patch: Omit<Updateable<CouponRedemptionsTable>, 'state' | 'id'> = {},
): Promise<number> {
  const moved = await scope(
    db
      .updateTable('coupon_redemptions')
      .set({ ...patch, state: to, updated_at: new Date() })
      .where('state', 'in', redemptionMovesTo(to)),
  ).executeTakeFirst();
  return Number(moved.numUpdatedRows);
}
