import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

export interface AttemptRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface Reservation {
  /** False when the window already held `limit` attempts: the caller refuses without doing the work. */
  allowed: boolean;
  /** Milliseconds until the window ends. */
  retryMs: number;
}

/**
 * Attempt counters in the database, shared by every api on it. An attempt is reserved before the work it
 * guards (a password checked, an account made) by one upsert that adds it and answers the window's count:
 * concurrent attempts each see their own number, so no more than `limit` of them ever go ahead.
 */
export function attemptWindows(db: Kysely<Database>) {
  return {
    async reserve(key: string, rule: AttemptRule): Promise<Reservation> {
      const windowSecs = rule.windowMs / 1000;
      const { rows } = await sql<{ hits: number; ends_in_ms: number }>`
        insert into attempt_windows as w (key, hits, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          hits = case when w.window_started_at > now() - make_interval(secs => ${windowSecs}) then w.hits + 1 else 1 end,
          window_started_at = case when w.window_started_at > now() - make_interval(secs => ${windowSecs})
            then w.window_started_at else now() end
        returning hits, (extract(epoch from (window_started_at + make_interval(secs => ${windowSecs}) - now())) * 1000)::float8 as ends_in_ms
      `.execute(db);
      const row = rows[0] as { hits: number; ends_in_ms: number };
      return { allowed: row.hits <= rule.limit, retryMs: Math.max(0, Number(row.ends_in_ms)) };
    },

    /** Gives a reserved attempt back (the work failed for a reason that is not the caller's guess). */
    async release(key: string): Promise<void> {
      await db
        .updateTable('attempt_windows')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key)
        .where('hits', '>', 0)
        .execute();
    },

    /**
     * Drops windows that started more than `olderThanMs` ago: every key a guesser made up (an e-mail that
     * has no account) leaves a row, which no rule reads once its window is over. Returns how many went.
     */
    async prune(olderThanMs: number): Promise<number> {
      const result = await db
        .deleteFrom('attempt_windows')
        .where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Forgets the key's attempts (a successful sign-in clears its account's failures). */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('attempt_windows').where('key', '=', key).execute();
    },
  };
}

/** Longer than any rule's window (the e-mail change's day is the longest): a row this old counts for nothing. */
export const ATTEMPT_WINDOWS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

export type AttemptWindows = ReturnType<typeof attemptWindows>;
