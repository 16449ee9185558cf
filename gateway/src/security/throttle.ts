import { GraphQLError } from 'graphql';

/**
 * Fixed-window hit counters. In memory for one gateway; in Redis when REDIS_URL is set, so that
 * every gateway of the shop counts the same attempts (a limit reached on one holds on the others).
 */
export interface HitCounter {
  /** Adds one hit to `key` and returns the hits of its window (the window starts with the first hit). */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
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

interface Rule {
  /** Hits allowed in one window. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits on sign-in and password reset (OWASP ASVS 2.2.1): per account and per client address. */
export const AUTH_LIMITS = {
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginFailuresPerClient: { limit: 20, windowMs: 15 * MINUTE },
  resetRequestsPerAccount: { limit: 3, windowMs: 60 * MINUTE },
  resetRequestsPerClient: { limit: 10, windowMs: 60 * MINUTE },
  resetFailuresPerClient: { limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Rule>;

function tooMany(message: string, retryMs: number): GraphQLError {
  const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
  return new GraphQLError(message, {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
      http: { status: 429, headers: new Map([['retry-after', String(retryAfter)]]) },
    },
  });
}

const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / MINUTE));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/** Guards the gateway's sign-in and reset mutations; `client` is the caller's address as Express sees it. */
export function authThrottle(counter: HitCounter, limits: typeof AUTH_LIMITS = AUTH_LIMITS) {
  const account = (email: string) => email.trim().toLowerCase();

  async function refuseOver(keys: [string, Rule][], message: (retryMs: number) => string) {
    for (const [key, rule] of keys) {
      if ((await counter.count(key)) >= rule.limit) {
        const retryMs = await counter.remainingMs(key);
        throw tooMany(message(retryMs), retryMs);
      }
    }
  }

  return {
    /** Runs a sign-in; failures count against the account and the client, a success clears the account's count. */
    async login<T>(client: string, email: string, attempt: () => Promise<T>): Promise<T> {
      const accountKey = `login:acct:${account(email)}`;
      const keys: [string, Rule][] = [
        [accountKey, limits.loginFailuresPerAccount],
        [`login:client:${client}`, limits.loginFailuresPerClient],
      ];
      await refuseOver(keys, (ms) => `Too many failed sign-in attempts. Please try again in ${minutes(ms)}.`);
      try {
        const result = await attempt();
        await counter.clear(accountKey);
        return result;
      } catch (err) {
        if (err instanceof GraphQLError && err.extensions.code === 'UNAUTHENTICATED') {
          await Promise.all(keys.map(([key, rule]) => counter.hit(key, rule.windowMs)));
        }
        throw err;
      }
    },

    /** Every reset request counts, known e-mail or not (the answer is the same for both). */
    async resetRequest<T>(client: string, email: string, request: () => Promise<T>): Promise<T> {
      const keys: [string, Rule][] = [
        [`reset:acct:${account(email)}`, limits.resetRequestsPerAccount],
        [`reset:client:${client}`, limits.resetRequestsPerClient],
      ];
      await refuseOver(keys, (ms) => `Too many password reset requests. Please try again in ${minutes(ms)}.`);
      await Promise.all(keys.map(([key, rule]) => counter.hit(key, rule.windowMs)));
      return request();
    },

    /** Wrong or used reset tokens count against the client. */
    async reset<T>(client: string, attempt: () => Promise<T>): Promise<T> {
      const key: [string, Rule] = [`reset-token:client:${client}`, limits.resetFailuresPerClient];
      await refuseOver([key], (ms) => `Too many failed password resets. Please try again in ${minutes(ms)}.`);
      try {
        return await attempt();
      } catch (err) {
        if (err instanceof GraphQLError && err.extensions.code === 'BAD_USER_INPUT' && err.extensions.field === 'token') {
          await counter.hit(key[0], key[1].windowMs);
        }
        throw err;
      }
    },
  };
}

export type AuthThrottle = ReturnType<typeof authThrottle>;
