import jwt from 'jsonwebtoken';

const ALGORITHM = 'HS256';

export interface TokenClaims {
  sub: string;
  /** The customer's password stamp when the token was signed: a password change voids older tokens. */
  pwd: number;
}

export function signToken(customerId: string, passwordStamp: Date, secret: string): string {
  return jwt.sign({ pwd: passwordStamp.getTime() }, secret, { algorithm: ALGORITHM, expiresIn: '1d', subject: customerId });
}

/** The claims of a valid token, or null for anything else (expired, forged, alg none, malformed). */
export function readToken(token: string, secret: string): TokenClaims | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.pwd !== 'number') return null;
    return { sub: claims.sub, pwd: claims.pwd };
  } catch {
    return null;
  }
}
