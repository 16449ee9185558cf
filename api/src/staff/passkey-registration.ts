import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import type { PasskeyChallenges } from './passkey-challenges.js';
import { asJson, base64url, type PasskeyAnswer, type RelyingParty, webauthn } from './webauthn.js';
import type { ShopIdentityReader } from '../settings/settings.js';

// A signed-in staff member's passkeys: listed, made (the browser answers a registration challenge), removed.

const MAX_PASSKEYS = 10;

export function passkeyRegistration(deps: {
  db: Kysely<Database>;
  rp: RelyingParty;
  shop: ShopIdentityReader;
  challenges: PasskeyChallenges;
}) {
  const { db, challenges } = deps;
  const { rpID, origin } = deps.rp;
  const { newRegistrationChallenge, takeChallenge } = challenges;
  return {
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
        rpName: (await deps.shop()).name,
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
  };
}
