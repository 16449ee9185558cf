import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();

/**
 * Whether a secret someone gave is the one we hold, in time that depends on neither: both are hashed to
 * 32 bytes first, so the comparison never stops early, never throws on other lengths or encodings (a
 * non-ASCII character made a 500 that told the token's length), and says nothing of how long the secret is.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

/** The token of an `Authorization: Bearer <token>` header ('' when there is none or it is another scheme). */
export const bearerToken = (header: string | undefined): string => /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
