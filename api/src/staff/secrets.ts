import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// What a staff member's sign-in rests on, kept so a copy of the database signs nobody in:
// - the TOTP secret encrypted with AES-256-GCM under a key derived (HKDF) from the api's own secret;
// - sessions, invitations and recovery codes as SHA-256 hashes of 256-bit (or 60-bit) random values.

const keyFrom = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'digitic-staff', 'totp-secret-encryption', 32));

export function sealer(secret: string) {
  const key = keyFrom(secret);
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('A staff secret is not in a form this api reads');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type Sealer = ReturnType<typeof sealer>;

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const looksLikeToken = (token: unknown): token is string => typeof token === 'string' && /^[\w-]{40,60}$/.test(token);

/** Ten single-use recovery codes, each 12 characters of an alphabet without look-alikes, shown once as xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}
export const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

export const TOTP_PERIOD_S = 30;

/** An authenticator's entry for this shop (RFC 6238: SHA-1, 6 digits, 30 s, the authenticator apps' common ground). */
export function totpFor(base32Secret: string, account: string, issuer: string) {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(base32Secret) });
}

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/**
 * The time step a code belongs to, when it is the code of the current step or the one either side (a
 * clock a little off); null otherwise. The caller accepts a step once (replay refused).
 */
export function totpStep(base32Secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code.trim())) return null;
  const delta = totpFor(base32Secret, 'x', 'x').validate({ token: code.trim(), window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}
