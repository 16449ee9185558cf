import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { passkeyChallenges } from './passkey-challenges.js';
import { passkeyRegistration } from './passkey-registration.js';
import { passkeySignIn } from './passkey-sign-in.js';
import { relyingParty } from './webauthn.js';
import type { ShopIdentityReader } from '../settings/settings.js';

// Passkeys (WebAuthn, through @simplewebauthn/server) as a second factor beside the authenticator app's
// code: a signed-in staff member registers one (or several); signing in, the password comes first and
// the passkey replaces the code. The relying party is the shop's own address (WEB_URL): its host is the
// RP ID (a domain name: browsers refuse passkeys on an IP address), its origin the only one accepted.
// Each challenge is one-time and lives five minutes; a credential's signature counter must move on.
// The challenges are staff/passkey-challenges.ts; making a passkey staff/passkey-registration.ts, signing in
// with one staff/passkey-sign-in.ts.

export interface PasskeysDeps {
  db: Kysely<Database>;
  /** The shop's address (WEB_URL): the RP ID is its host, the expected origin its origin. */
  webUrl: string;
  shop: ShopIdentityReader;
}

export function passkeysService(deps: PasskeysDeps) {
  const { db } = deps;
  const rp = relyingParty(deps.webUrl);
  const challenges = passkeyChallenges(db);
  return {
    rpID: rp.rpID,
    ...passkeyRegistration({ db, rp, shop: deps.shop, challenges }),
    ...passkeySignIn({ db, rp, challenges }),
  };
}

export type PasskeysService = ReturnType<typeof passkeysService>;
