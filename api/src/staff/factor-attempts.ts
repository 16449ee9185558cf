import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Second factors checked per account in one window; the next attempt locks it, each lock-out twice as long as the last. */
export const FACTOR_ATTEMPTS = { limit: 5, windowMs: 15 * 60 * 1000 };
/**
 * Wrong second factors in a row (until a right one) before the account is locked until an owner
 * unlocks it, however slowly they come: NIST SP 800-63B §5.2.2 allows at most 100.
 */
export const FACTOR_FAILURES_IN_A_ROW = 20;
export const FIRST_LOCK_MS = 15 * 60 * 1000;
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

export type FactorAttempt =
  /** Go ahead and check the factor; the attempt is already counted as a failure until `succeeded`. */
  | { kind: 'check' }
  /** Locked for a while (`until`), or until unlocked (`until: null`); `now`: this attempt locked it. */
  | { kind: 'locked'; until: Date | null; now: boolean; failures: number };

type Db = Kysely<Database> | Transaction<Database>;

/** Writes what locking the account means (its audit row), in the lock's own transaction. */
export type OnLock = (trx: Transaction<Database>, lock: { until: Date | null; failures: number }) => Promise<void>;

/**
 * The second factor's attempts, counted on the staff row: the lock is checked and the attempt taken in
 * one guarded update, so attempts arriving together each see their own number (none is checked past the
 * limit, whatever argon2 was still doing), and a lock never resets the count of a window: a window that
 * began before a lock ended is over, so the next starts after it.
 */
export function factorAttempts(db: Kysely<Database>) {
  const windowSecs = FACTOR_ATTEMPTS.windowMs / 1000;
  const fresh = sql<boolean>`(factor_window_started_at > now() - make_interval(secs => ${windowSecs})
    and (locked_until is null or factor_window_started_at >= locked_until))`;

  /** Locks for a while (the window's limit) or until unlocked (failures in a row), with its audit row, in one transaction. */
  async function lock(staffId: string, kind: 'window' | 'in a row', failures: number, onLock: OnLock): Promise<FactorAttempt> {
    return db.transaction().execute(async (trx) => {
      // Only an unlocked account is locked, in one guarded update: one lock (and one row) however many attempts arrive.
      const notLocked = trx
        .updateTable('staff')
        .where('id', '=', staffId)
        .where('factor_blocked_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]));
      if (kind === 'in a row') {
        const row = await notLocked
          .set({ factor_blocked_at: sql<Date>`now()` })
          .returning('id')
          .executeTakeFirst();
        if (row) await onLock(trx, { until: null, failures });
        return { kind: 'locked', until: null, now: Boolean(row), failures };
      }
      const row = await notLocked
        .set((eb) => ({
          lockouts: eb('lockouts', '+', 1),
          locked_until: sql<Date>`now() + make_interval(mins => least(${MAX_LOCK_MS / 60_000}, ${FIRST_LOCK_MS / 60_000} * (2 ^ lockouts))::int)`,
        }))
        .returning('locked_until')
        .executeTakeFirst();
      const until = row?.locked_until ? new Date(row.locked_until) : null;
      if (until) await onLock(trx, { until, failures });
      return { kind: 'locked', until: until ?? new Date(Date.now() + FIRST_LOCK_MS), now: Boolean(until), failures };
    });
  }

  return {
    /**
     * Takes an attempt at the second factor: checked (`check`, counted as a failure until `succeeded`), or refused
     * because the account is locked, or locks it now (`onLock` writes its record in the lock's transaction). Only
     * an attempt that goes on to be checked counts in the failures in a row.
     */
    async take(staffId: string, onLock: OnLock): Promise<FactorAttempt> {
      const hits = sql<number>`case when ${fresh} then factor_window_hits + 1 else 1 end`;
      const taken = await db
        .updateTable('staff')
        .set({
          factor_window_hits: hits,
          factor_window_started_at: sql<Date>`case when ${fresh} then factor_window_started_at else now() end`,
          factor_failures: sql<number>`case when ${hits} <= ${FACTOR_ATTEMPTS.limit} then factor_failures + 1 else factor_failures end`,
        })
        .where('id', '=', staffId)
        .where('factor_blocked_at', 'is', null)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`)]))
        .returning(['factor_window_hits', 'factor_failures'])
        .executeTakeFirst();
      if (!taken) {
        const row = await db
          .selectFrom('staff')
          .select(['locked_until', 'factor_blocked_at', 'factor_failures'])
          .where('id', '=', staffId)
          .executeTakeFirstOrThrow();
        return {
          kind: 'locked',
          until: row.factor_blocked_at ? null : row.locked_until ? new Date(row.locked_until) : null,
          now: false,
          failures: row.factor_failures,
        };
      }
      // This attempt would be one wrong factor too many in a row: refused unchecked (the ones before were checked).
      if (taken.factor_failures > FACTOR_FAILURES_IN_A_ROW) return lock(staffId, 'in a row', taken.factor_failures - 1, onLock);
      if (taken.factor_window_hits > FACTOR_ATTEMPTS.limit) return lock(staffId, 'window', taken.factor_failures, onLock);
      return { kind: 'check' };
    },

    /** A right factor: the counts and the lock-outs start again (in the session's own transaction). */
    async succeeded(trx: Db, staffId: string): Promise<void> {
      await trx
        .updateTable('staff')
        .set({ lockouts: 0, locked_until: null, factor_window_hits: 0, factor_window_started_at: null, factor_failures: 0 })
        .where('id', '=', staffId)
        .execute();
    },

    /** An owner (staff:manage) lifts a lock (either kind); answers what it was, or null when the account was not locked. */
    async unlock(trx: Db, staffId: string) {
      const before = await trx
        .selectFrom('staff')
        .select(['locked_until', 'factor_blocked_at', 'factor_failures'])
        .where('id', '=', staffId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return null;
      const locked =
        Boolean(before.factor_blocked_at) || (before.locked_until !== null && new Date(before.locked_until).getTime() > Date.now());
      await trx
        .updateTable('staff')
        .set({
          lockouts: 0,
          locked_until: null,
          factor_blocked_at: null,
          factor_failures: 0,
          factor_window_hits: 0,
          factor_window_started_at: null,
        })
        .where('id', '=', staffId)
        .execute();
      return locked
        ? {
            lockedUntil: before.factor_blocked_at ? null : new Date(before.locked_until as Date).toISOString(),
            failuresInARow: before.factor_failures,
          }
        : null;
    },
  };
}

export type FactorAttempts = ReturnType<typeof factorAttempts>;
