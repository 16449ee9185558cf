import type { AttemptRule, AttemptWindows } from '../auth/attempts.js';
import { reserveAll, waitMinutes } from '../auth/reserve-all.js';
import { DomainError } from '../domain/errors.js';

const MINUTE = 60_000;

/**
 * How many coupon codes a shopper may try (a quote or a checkout start with a code) that the shop does not
 * take: unknown, malformed, switched off, not started, expired, below its minimum order, used up. A shopper
 * types the code from an advert, perhaps mistypes it twice; a household or an office behind one address has
 * a few shoppers. Twenty a shopper and thirty an address in 15 minutes leave every one of them room, and
 * make guessing the shop's codes (each answer tells whether a code exists) a matter of months.
 */
export const COUPON_TRIES = {
  perShopper: { limit: 20, windowMs: 15 * MINUTE },
  /** A client address (an IPv6 one by its /64): many accounts made to guess from one machine count together. */
  perAddress: { limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, AttemptRule>;

const refusal = (ms: number) => `Too many coupon codes tried. Please try again in ${waitMinutes(ms)}.`;

/**
 * Runs a quote or a checkout start that carries a coupon code once the shopper and their address each have a
 * try left (taken first, in one upsert each, so concurrent tries each take their own place); over either it
 * is refused (429) without the code being looked up. A code refused for itself (the error names couponCode)
 * keeps its try; one that priced gives it back (the order summary quotes the applied code again on each
 * visit: a shopper with a good code never runs out), as does a failure that is not about the code (an empty
 * cart, stock, the database). `address` is null when the api does not know the client's (a gateway that
 * named none): the shopper's limit still holds.
 */
export async function withCouponTries<T>(
  attempts: AttemptWindows,
  who: { customerId: string; address: string | null },
  run: () => Promise<T>,
): Promise<T> {
  const giveBack = await reserveAll(attempts, [
    ...(who.address ? [{ key: `coupon-tries-address:${who.address}`, rule: COUPON_TRIES.perAddress, refusal }] : []),
    { key: `coupon-tries:${who.customerId}`, rule: COUPON_TRIES.perShopper, refusal },
  ]);
  let result: T;
  try {
    result = await run();
  } catch (err) {
    if (!(err instanceof DomainError && err.field === 'couponCode')) await giveBack();
    throw err;
  }
  await giveBack();
  return result;
}
