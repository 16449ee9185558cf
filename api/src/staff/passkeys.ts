import { isUuid } from '../domain/ids.js';
import { addressKey } from '../http/client-address.js';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { type Kysely, sql } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../domain/errors.js';

// Passkeys (WebAuthn, through @simplewebauthn/server) as a second factor beside the authenticator app's
// code: a signed-in staff member registers one (or several); signing in, the password comes first and
// the passkey replaces the code. The relying party is the shop's own address (WEB_URL): its host is the
// RP ID (a domain name: browsers refuse passkeys on an IP address), its origin the only one accepted.
// Each challenge is one-time and lives five minutes; a credential's signature counter must move on.

// @simplewebauthn/server and its encodings load with the first passkey ceremony, not with the api: most
// processes never run one, and the shop's memory goal (all its processes within 440 MiB) counts every MiB.
const webauthn = () => import('@simplewebauthn/server');
const base64url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL;

const CHALLENGE_MS = 5 * 60 * 1000;
const MAX_PASSKEYS = 10;
/** Sign-in challenges open at once across the shop, and registration challenges a staff member may hold. */
export const OPEN_SIGN_IN_CHALLENGES = 1000;
const OPEN_PER_STAFF = 5;
/** Sign-in challenges one client address (an IPv6 address by its /64) holds open: a new one replaces its oldest. */
export const OPEN_PER_ADDRESS = 3;
/** The transaction lock that makes sign-in challenges one at a time (pg_advisory_xact_lock's key). */
const SIGN_IN_CHALLENGES_LOCK = 730_017_012;
/** How often a request tries that lock (20 to 50 ms apart) before it is told to try again later. */
const LOCK_TRIES = 60;

export interface PasskeysDeps {
  db: Kysely<Database>;
  /** The shop's address (WEB_URL): the RP ID is its host, the expected origin its origin. */
  webUrl: string;
  shopName: string;
}

export interface PasskeyAnswer {
  challengeId: string;
  response: unknown;
}

const asJson = <T>(v: unknown, what: string): T => {
  if (!v || typeof v !== 'object' || typeof (v as { id?: unknown }).id !== 'string')
    throw badRequest(`The ${what} is not a WebAuthn response`, 'response');
  return v as T;
};

export function passkeysService(deps: PasskeysDeps) {
  const { db } = deps;
  const url = new URL(deps.webUrl);
  const rpID = url.hostname;
  const origin = url.origin;

  /** A registration challenge for a signed-in staff member, who holds only a few open at once. */
  async function newRegistrationChallenge(staffId: string, challenge: string): Promise<string> {
    // Old challenges go as new ones come: the table stays small without a timer of its own.
    await db
      .deleteFrom('staff_webauthn_challenges')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
    const open = await db
      .selectFrom('staff_webauthn_challenges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('used_at', 'is', null)
      .where('staff_id', '=', staffId)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= OPEN_PER_STAFF) throw tooManyRequests('Too many passkey requests are open: try again in a few minutes');
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
    // Old challenges go as new ones come: the table stays small without a timer of its own.
    await db
      .deleteFrom('staff_webauthn_challenges')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
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
        const open = await trx
          .selectFrom('staff_webauthn_challenges')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('staff_id', 'is', null)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow();
        for (let over = Number(open.n) - OPEN_SIGN_IN_CHALLENGES; over >= 0; over--) {
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

  return {
    rpID,

    /** The signed-in staff member's passkeys (never their keys). */
    async list(staffId: string) {
      const rows = await db
        .selectFrom('staff_passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at'])
        .where('staff_id', '=', staffId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: r.created_at.toISOString(),
        lastUsedAt: r.last_used_at?.toISOString() ?? null,
      }));
    },

    /** What the browser needs to make a passkey for this staff member, and the challenge's id to answer with. */
    async registrationOptions(staff: { id: string; email: string; name: string }) {
      const existing = await db
        .selectFrom('staff_passkeys')
        .select(['credential_id', 'transports'])
        .where('staff_id', '=', staff.id)
        .execute();
      if (existing.length >= MAX_PASSKEYS) throw conflict(`You have ${MAX_PASSKEYS} passkeys already: remove one first`);
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: deps.shopName,
        rpID,
        userName: staff.email,
        userDisplayName: staff.name || staff.email,
        userID: new TextEncoder().encode(staff.id),
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports as never })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { challengeId: await newRegistrationChallenge(staff.id, options.challenge), options };
    },

    /** Keeps the passkey the browser made, once its answer to this staff member's challenge checks out. */
    async register(staffId: string, answer: PasskeyAnswer, name: string, actor: Actor) {
      const label = name.trim();
      const count = await db
        .selectFrom('staff_passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('staff_id', '=', staffId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_PASSKEYS) throw conflict(`You have ${MAX_PASSKEYS} passkeys already: remove one first`);
      if (!label) throw badRequest('Name the passkey (e.g. "Work laptop")', 'name');
      if (label.length > 60) throw badRequest('A passkey name is at most 60 characters', 'name');
      const challenge = await takeChallenge(answer.challengeId, 'register', staffId);
      if (!challenge) throw badRequest('The passkey request has expired: start again', 'challengeId');
      const verification = await (
        await webauthn()
      )
        .verifyRegistrationResponse({
          response: asJson<RegistrationResponseJSON>(answer.response, 'passkey'),
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        })
        .catch(() => ({ verified: false as const }));
      if (!verification.verified) throw badRequest('The passkey could not be checked: try again', 'response');
      const { credential } = verification.registrationInfo;
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('staff_passkeys')
          .values({
            staff_id: staffId,
            credential_id: credential.id,
            public_key: (await base64url()).fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: label,
          })
          .onConflict((oc) => oc.column('credential_id').doNothing())
          .returning(['id', 'name'])
          .executeTakeFirst();
        if (!inserted) throw conflict('This passkey is registered already');
        await recordAudit(trx, actor, {
          action: 'staff.passkey_added',
          subject: { kind: 'staff', id: staffId },
          after: { passkey: inserted.id, name: label },
        });
        return inserted;
      });
      return row;
    },

    async remove(staffId: string, passkeyId: string, actor: Actor) {
      if (!isUuid(passkeyId)) throw notFound('Passkey not found');
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('staff_passkeys')
          .where('id', '=', passkeyId)
          .where('staff_id', '=', staffId)
          .returning('name')
          .executeTakeFirst();
        if (!gone) throw notFound('Passkey not found');
        await recordAudit(trx, actor, {
          action: 'staff.passkey_removed',
          subject: { kind: 'staff', id: staffId },
          after: { passkey: passkeyId, name: gone.name },
        });
      });
    },

    /**
     * A challenge to sign in with a passkey. It names nobody (the browser offers the shop's passkeys it
     * holds), so asking for one tells nothing about who is on the staff.
     */
    async signInOptions(address: string | null) {
      const options = await (await webauthn()).generateAuthenticationOptions({ rpID, userVerification: 'required', allowCredentials: [] });
      return { challengeId: await newSignInChallenge(addressKey(address ?? 'unknown'), options.challenge), options };
    },

    /**
     * Whether the answer is this staff member's passkey signing the challenge: the challenge is taken once,
     * the credential must be theirs, and its counter must move on (a cloned key is refused).
     */
    async verify(staffId: string, answer: PasskeyAnswer): Promise<string | null> {
      // A malformed answer is a wrong one: the same refusal as any wrong second factor (no other words after the password).
      const response = answer.response as Partial<AuthenticationResponseJSON> | null;
      if (!response || typeof response !== 'object' || typeof response.id !== 'string' || typeof response.response !== 'object')
        return null;
      const challenge = await takeChallenge(String(answer.challengeId), 'authenticate', null);
      if (!challenge) return null;
      const stored = await db
        .selectFrom('staff_passkeys')
        .selectAll()
        .where('credential_id', '=', response.id)
        .where('staff_id', '=', staffId)
        .executeTakeFirst();
      if (!stored) return null;
      const verification = await (
        await webauthn()
      )
        .verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: stored.credential_id,
            publicKey: (await base64url()).toBuffer(stored.public_key),
            counter: Number(stored.counter),
            transports: stored.transports,
          },
          requireUserVerification: true,
        })
        .catch(() => ({ verified: false as const }));
      if (!verification.verified) return null;
      // The counter moves on in one guarded update (authenticators that keep no counter always say 0).
      const next = verification.authenticationInfo.newCounter;
      const moved = await db
        .updateTable('staff_passkeys')
        .set({ counter: next, last_used_at: new Date() })
        .where('id', '=', stored.id)
        .where((eb) => (next === 0 ? eb('counter', '=', '0') : eb('counter', '<', String(next))))
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1 ? stored.id : null;
    },
  };
}

export type PasskeysService = ReturnType<typeof passkeysService>;
