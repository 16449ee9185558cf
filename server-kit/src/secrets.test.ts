import { describe, expect, it } from 'vitest';
import { bearerToken, sameSecret } from './secrets.js';

// Regression: comparing a token of another byte length (a non-ASCII character in it) threw, and the 500 it
// made told the token's length.
describe('sameSecret', () => {
  const secret = 's3cret-token-0123456789abcdefghij';

  it('answers true only for the secret itself', () => {
    expect(sameSecret(secret, secret)).toBe(true);
    expect(sameSecret(`${secret} `, secret)).toBe(false);
    expect(sameSecret(secret.toUpperCase(), secret)).toBe(false);
  });

  it.each(['', 'x', secret.slice(1), `${secret}x`, 'é'.repeat(secret.length), `${secret.slice(0, -1)}é`, '€'.repeat(64), '\u0000'])(
    'answers false, never throwing, for %j',
    (given) => {
      expect(() => sameSecret(given, secret)).not.toThrow();
      expect(sameSecret(given, secret)).toBe(false);
    },
  );

  it('never matches an empty secret, even with nothing given', () => {
    expect(sameSecret('', '')).toBe(false);
  });

  it('reads only a Bearer token', () => {
    expect(bearerToken(`Bearer ${secret}`)).toBe(secret);
    expect(bearerToken(secret)).toBe('');
    expect(bearerToken(`Basic ${secret}`)).toBe('');
    expect(bearerToken(undefined)).toBe('');
  });
});
