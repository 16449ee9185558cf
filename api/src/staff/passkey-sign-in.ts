import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addressKey } from '../http/client-address.js';
import type { PasskeyChallenges } from './passkey-challenges.js';
import { base64url, type PasskeyAnswer, type RelyingParty, webauthn } from './webauthn.js';

// Signing in with a passkey, after the password: a challenge that names nobody, and the answer checked
// against the staff member's own passkeys.

export function passkeySignIn(deps: { db: Kysely<Database>; rp: RelyingParty; challenges: PasskeyChallenges }) {
  const { db, challenges } = deps;
  const { rpID, origin } = deps.rp;
  const { newSignInChallenge, takeChallenge } = challenges;
  return {
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
