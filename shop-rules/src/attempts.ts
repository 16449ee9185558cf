/**
 * How often a shopper (or a guesser) may try what an attacker would repeat: signing in, asking for
 * reset links, using reset links, making accounts (OWASP ASVS 2.2.1). Per account and per client
 * address, in fixed windows. The gateway counts all of them (in Redis when several gateways share it);
 * the api, which sees no client address, counts those per account in its database.
 */
export interface AttemptLimit {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const ATTEMPT_LIMITS = {
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginFailuresPerClient: { limit: 20, windowMs: 15 * MINUTE },
  resetRequestsPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  resetRequestsPerClient: { limit: 10, windowMs: 60 * MINUTE },
  resetFailuresPerClient: { limit: 10, windowMs: 15 * MINUTE },
  registrationsPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  registrationsPerClient: { limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, AttemptLimit>;

export type AttemptKind = 'login' | 'resetRequest' | 'reset' | 'register';

const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / MINUTE));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

const WHAT: Record<AttemptKind, string> = {
  login: 'Too many failed sign-in attempts',
  resetRequest: 'Too many password reset requests',
  reset: 'Too many failed password resets',
  register: 'Too many sign-up attempts',
};

/** The refusal's words, with when to try again: "Too many failed sign-in attempts. Please try again in 15 minutes." */
export const tooManyAttempts = (kind: AttemptKind, retryMs: number) => `${WHAT[kind]}. Please try again in ${minutes(retryMs)}.`;

/** An e-mail address as one account: counted alike however it is spelled in case or spacing. */
export const accountKey = (email: string) => email.trim().toLowerCase();
