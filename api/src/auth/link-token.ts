import { createHash, randomBytes } from 'node:crypto';

// The secret of an e-mailed link (password reset, undo of an e-mail change) is as good as the password:
// 256 random bits, kept only as its hash, so a copy of the database opens no account.

export const newLinkToken = () => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Anything else is refused before a look-up. */
export const looksLikeLinkToken = (token: string) => /^[\w-]{20,100}$/.test(token);
