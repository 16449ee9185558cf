import { badRequest } from '../domain/errors.js';

// The WebAuthn side of passkeys: the library, the relying party (the shop's own address) and the answer a
// browser sends back to a challenge.

// @simplewebauthn/server and its encodings load with the first passkey ceremony, not with the api: most
// processes never run one, and the shop's memory goal (all its processes within 440 MiB) counts every MiB.
export const webauthn = () => import('@simplewebauthn/server');
export const base64url = async () => (await import('@simplewebauthn/server/helpers')).isoBase64URL;

/** The relying party: the shop's address (WEB_URL). Its host is the RP ID, its origin the only one accepted. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(webUrl: string): RelyingParty {
  const url = new URL(webUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** A browser's answer to a challenge: the challenge's id and the WebAuthn response. */
export interface PasskeyAnswer {
  challengeId: string;
  response: unknown;
}

export const asJson = <T>(v: unknown, what: string): T => {
  if (!v || typeof v !== 'object' || typeof (v as { id?: unknown }).id !== 'string')
    throw badRequest(`The ${what} is not a WebAuthn response`, 'response');
  return v as T;
};
