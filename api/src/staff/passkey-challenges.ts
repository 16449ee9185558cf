import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { tooManyRequests } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

// Passkey challenges: each one-time, living five minutes. A signed-in staff member holds a few registration
// challenges at once; sign-in challenges name nobody, and are shared fairly among the addresses asking.

const CHALLENGE_MS = 5 * 60 * 1000;
/** Sign-in challenges open at once across the shop, and registration challenges a staff member may hold. */
export const OPEN_SIGN_IN_CHALLENGES = 1000;
const OPEN_PER_STAFF = 5;
/** Sign-in challenges one client address (an IPv6 address by its /64) holds open: a new one replaces its oldest. */
export const OPEN_PER_ADDRESS = 3;
/** The transaction lock that makes sign-in challenges one at a time (pg_advisory_xact_lock's key). */
const SIGN_IN_CHALLENGES_LOCK = 730_017_012;
/** How often a request tries that lock (20 to 50 ms apart) before it is told to try again later. */
const LOCK_TRIES = 60;

/** The challenges open (not used yet) for a staff member's registrations, or for sign-in (null). */
async function openChallenges(db: Kysely<Database> | Transaction<Database>, staffId: string | null): Promise<number> {
  const open = await db
    .selectFrom('staff_webauthn_challenges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('used_at', 'is', null)
    .where('staff_id', staffId ? '=' : 'is', staffId)
    .executeTakeFirstOrThrow();
  return Number(open.n);
}

export function passkeyChallenges(db: Kysely<Database>) {
  /** Old challenges go as new ones come: the table stays small without a timer of its own. */
  const dropExpired = () =>
    db
      .deleteFrom('staff_webauthn_challenges')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();

  /** A registration challenge for a signed-in staff member, who holds only a few open at once. */
  async function newRegistrationChallenge(staffId: string, challenge: string): Promise<string> {
    await dropExpired();
    if ((await openChallenges(db, staffId)) >= OPEN_PER_STAFF)
      throw tooManyRequests('Too many passkey requests are open: try again in a few minutes');
    const row = await db
      .insertInto('staff_webauthn_challenges')
      .values({ staff_id: staffId, purpose: 'register', challenge, expires_at: new Date(Date.now() + CHALLENGE_MS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A sign-in challenge, fair to every address: one address holds at most OPEN_PER_ADDRESS (its oldest goes
   * for a new one), and when the shop's pool is full the oldest of whichever address holds the most goes. So
   * no number of addresses locks anyone out of passkey sign-in: to push out a shopper's one challenge an
   * attacker needs a thousand addresses. One at a time, under a transaction lock, so the counts stay true.
   */
  async function newSignInChallenge(address: string, challenge: string): Promise<string> {
    await dropExpired();
    // One at a time, under a transaction lock taken without waiting: a request that finds it held gives its
    // connection back and tries again shortly, so a flood never holds the pool's connections waiting in line.
    for (let attempt = 0; attempt < LOCK_TRIES; attempt++) {
      const id = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${SIGN_IN_CHALLENGES_LOCK}) as ok`.execute(trx);
        if (!rows[0]?.ok) return null;
        await sql`
        delete from staff_webauthn_challenges where id in (
          select id from staff_webauthn_challenges
          where staff_id is null and used_at is null and address = ${address}
          order by expires_at desc offset ${OPEN_PER_ADDRESS - 1})
      `.execute(trx);
        for (let over = (await openChallenges(trx, null)) - OPEN_SIGN_IN_CHALLENGES; over >= 0; over--) {
          await sql`
          delete from staff_webauthn_challenges where id = (
            select id from staff_webauthn_challenges
            where staff_id is null and used_at is null and address = (
              select address from staff_webauthn_challenges where staff_id is null and used_at is null
              group by address order by count(*) desc, min(expires_at) limit 1)
            order by expires_at limit 1)
        `.execute(trx);
        }
        const row = await trx
          .insertInto('staff_webauthn_challenges')
          .values({ staff_id: null, purpose: 'authenticate', challenge, address, expires_at: new Date(Date.now() + CHALLENGE_MS) })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      if (id) return id;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 30));
    }
    throw tooManyRequests('Many passkey sign-ins are starting at once: try again in a moment');
  }

  /** Takes a challenge once: the guarded update only one caller wins; an expired or used one answers null. */
  async function takeChallenge(id: string, purpose: 'register' | 'authenticate', staffId: string | null): Promise<string | null> {
    if (!isUuid(id)) return null;
    let q = db
      .updateTable('staff_webauthn_challenges')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date());
    q = staffId ? q.where('staff_id', '=', staffId) : q.where('staff_id', 'is', null);
    return (await q.returning('challenge').executeTakeFirst())?.challenge ?? null;
  }

  return { newRegistrationChallenge, newSignInChallenge, takeChallenge };
}

export type PasskeyChallenges = ReturnType<typeof passkeyChallenges>;
