import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { ATTEMPT_LIMITS, type AttemptKind, type AttemptLimit, accountKey, tooManyAttempts } from '@digitic/shop-rules';

/**
 * Fixed-window hit counters. In memory for one gateway; in Redis when REDIS_URL is set, so that
 * every gateway of the shop counts the same attempts (a limit reached on one holds on the others).
 */
export interface HitCounter {
  /** Adds one hit to `key` and returns the hits of its window (the window starts with the first hit). */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Takes one hit back from `key`'s window, if it still has one (never below zero, never making a window). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Milliseconds until `key`'s window ends (0 when it holds no hits). */
  remainingMs(key: string): Promise<number>;
  close(): Promise<void>;
}

export function memoryCounter(maxKeys = 100_000): HitCounter {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      const w = live(key);
      if (w) {
        w.hits += 1;
        return w.hits;
      }
      if (windows.size >= maxKeys) {
        // Drop the oldest windows first: Map keeps insertion order.
        for (const k of windows.keys()) {
          windows.delete(k);
          if (windows.size < maxKeys * 0.9) break;
        }
      }
      windows.set(key, { hits: 1, endsAt: Date.now() + windowMs });
      return 1;
    },
    async count(key) {
      return live(key)?.hits ?? 0;
    },
    async release(key) {
      const w = live(key);
      if (w && w.hits > 0) w.hits -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
    async remainingMs(key) {
      const w = live(key);
      return w ? w.endsAt - Date.now() : 0;
    },
    async close() {
      windows.clear();
    },
  };
}

type Rule = AttemptLimit;

/** The limits on sign-in, password reset and sign-up, per account and per client address (shop-rules). */
export const AUTH_LIMITS = ATTEMPT_LIMITS;

function tooMany(kind: AttemptKind, retryMs: number): GraphQLError {
  const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
  return new GraphQLError(tooManyAttempts(kind, retryMs), {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
      http: { status: 429, headers: new Map([['retry-after', String(retryAfter)]]) },
    },
  });
}

const codeOf = (err: unknown) => (err instanceof GraphQLError ? err.extensions.code : undefined);

/**
 * Guards the gateway's sign-in, reset and sign-up mutations; `client` is the caller's address as Express sees it.
 * Each attempt takes its place in every window it counts against (one atomic increment each) BEFORE the work
 * it guards: concurrent attempts see their own numbers, so no more than the limit ever go ahead. What did not
 * count (a refused attempt's other windows, a success, a failure that was not a guess) is given back.
 */
export function authThrottle(counter: HitCounter, limits: typeof AUTH_LIMITS = AUTH_LIMITS) {
  // Windows are taken in the order given (the client's first): a client over its limit is refused before
  // it touches any account's window, so it can neither lock accounts out nor make new keys.
  async function reserve(kind: AttemptKind, keys: [string, Rule][]) {
    const taken: string[] = [];
    for (const [key, rule] of keys) {
      const hits = await counter.hit(key, rule.windowMs);
      taken.push(key);
      if (hits > rule.limit) {
        // A refused attempt counts against nothing.
        await Promise.all(taken.map((k) => counter.release(k)));
        throw tooMany(kind, await counter.remainingMs(key));
      }
    }
    return {
      giveBack: (which = keys) => Promise.all(which.map(([key]) => counter.release(key))).then(() => undefined),
    };
  }

  return {
    /** Runs a sign-in; failures count against the account and the client, a success clears the account's count. */
    async login<T>(client: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const acctKey: [string, Rule] = [`login:acct:${account(email)}`, limits.loginFailuresPerAccount];
      const clientKey: [string, Rule] = [`login:client:${client}`, limits.loginFailuresPerClient];
      const held = await reserve('login', [clientKey, acctKey]);
      let result: T;
      try {
        result = await attempt();
      } catch (err) {
        if (codeOf(err) !== 'UNAUTHENTICATED') await held.giveBack().catch(() => undefined);
        throw err;
      }
      await Promise.all([counter.clear(acctKey[0]), held.giveBack([clientKey])]);
      return result;
    },

    /** Every reset request counts, known e-mail or not (the answer is the same for both). */
    async resetRequest<T>(client: string, email: string, request: () => Promise<T>): Promise<T> {
      await reserve('resetRequest', [
        [`reset:client:${client}`, limits.resetRequestsPerClient],
        [`reset:acct:${account(email)}`, limits.resetRequestsPerAccount],
      ]);
      return request();
    },

    /** Wrong or used reset tokens count against the client. */
    async reset<T>(client: string, attempt: () => Promise<T>): Promise<T> {
      const held = await reserve('reset', [[`reset-token:client:${client}`, limits.resetFailuresPerClient]]);
      try {
        const result = await attempt();
        await held.giveBack();
        return result;
      } catch (err) {
        const wrongToken = codeOf(err) === 'BAD_USER_INPUT' && err instanceof GraphQLError && err.extensions.field === 'token';
        if (!wrongToken) await held.giveBack().catch(() => undefined);
        throw err;
      }
    },

    /**
     * Sign-ups count against the client and the e-mail, made or refused as taken: each costs a password
     * hash, and "already exists" answers whether an address has an account. Input the api refused as
     * malformed, or an api that did not answer, is given back.
     */
    async register<T>(client: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const held = await reserve('register', [
        [`register:client:${client}`, limits.registrationsPerClient],
        [`register:acct:${account(email)}`, limits.registrationsPerAccount],
      ]);
      try {
        return await attempt();
      } catch (err) {
        if (codeOf(err) !== 'CONFLICT') await held.giveBack().catch(() => undefined);
        throw err;
      }
    },
  };
}

/** An account's key: a digest of its e-mail as one account, so a key is short however long the e-mail sent. */
const account = (email: string) => createHash('sha256').update(accountKey(email)).digest('base64url');

export type AuthThrottle = ReturnType<typeof authThrottle>;
