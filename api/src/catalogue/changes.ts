import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { CatalogueChangeHeader, CatalogueChangesRecord, CatalogueTag } from '@digitic/rest-contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

// The catalogue's change log. Whatever changes what a shopper sees of a product or a blog writes what it
// touched here, in its own transaction (so a change that rolls back was never announced, and one that
// commits always is). Every gateway reads the log a few times a second and drops the cached answers and
// pages that showed it (gateway/src/cache/). Rows are kept an hour: a gateway further behind drops all.

export const productTag = (id: string): CatalogueTag => `product:${id}`;
export const blogTag = (id: string): CatalogueTag => `blog:${id}`;

/** How many changes one answer of the log holds at most. */
export const CHANGES_PAGE = 500;
/** How long the log keeps a change. */
export const CHANGES_KEPT_MS = 60 * 60 * 1000;

/** The answer a change is recorded for, while its request runs (announceChanges). */
const answers = new AsyncLocalStorage<ServerResponse>();
const CHANGE_HEADER: CatalogueChangeHeader = 'catalogue-change';

/**
 * Runs the rest of a request with its answer at hand, so that a change it records is named on the answer
 * (`catalogue-change: <seq>`): the gateway waits for the log after a mutation only then. Mounted after the body is
 * read (a stream's events would lose the request's context).
 */
export function announceChanges(_req: unknown, res: ServerResponse, next: () => void): void {
  answers.run(res, next);
}

/** A transaction-scoped advisory lock's key: the log's writers take it one at a time. */
const LOG_LOCK = 2_028_000_128;

/**
 * Announces a change: the tags of everything it touched. Call it late in the change's transaction.
 *
 * A reader follows the log by `seq`, so a change must never become visible after a later one: that
 * reader would have moved past it. Each writer therefore takes one lock before it draws its `seq` and
 * holds it until it commits (a few milliseconds, as little comes after it): numbers are drawn in
 * the order the changes commit.
 */
export async function recordChange(trx: Transaction<Database>, tags: readonly CatalogueTag[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await sql`select pg_advisory_xact_lock(${LOG_LOCK})`.execute(trx);
  const { seq } = await trx.insertInto('catalogue_changes').values({ tags: unique }).returning('seq').executeTakeFirstOrThrow();
  // Said even if the transaction then rolls back: the gateway then reads the log once for nothing, never too few times.
  const answer = answers.getStore();
  if (answer && !answer.headersSent) answer.setHeader(CHANGE_HEADER, String(seq));
}

/** The changes after `after`, oldest first: incomplete when more are waiting, not reaching back when some were dropped. */
export async function changesSince(db: Kysely<Database>, after: number): Promise<CatalogueChangesRecord> {
  const [rows, bounds] = await Promise.all([
    db
      .selectFrom('catalogue_changes')
      .select(['seq', 'tags'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(CHANGES_PAGE + 1)
      .execute(),
    db
      .selectFrom('catalogue_changes')
      .select((eb) => [eb.fn.min<number>('seq').as('first'), eb.fn.max<number>('seq').as('last')])
      .executeTakeFirstOrThrow(),
  ]);
  const first = bounds.first === null ? null : Number(bounds.first);
  const last = bounds.last === null ? 0 : Number(bounds.last);
  const page = rows.slice(0, CHANGES_PAGE).map((r) => ({ seq: Number(r.seq), tags: r.tags as CatalogueTag[] }));
  // Changes between `after` and the oldest kept one were pruned, or the log is behind the caller (a
  // restored database): the caller cannot know what was touched.
  const gap = (first !== null && after < first - 1 && after > 0) || after > last;
  return {
    // Never past what this answer holds: a change committing between its two reads is the next answer's.
    latest: page.at(-1)?.seq ?? (gap ? last : after),
    changes: page,
    complete: rows.length <= CHANGES_PAGE,
    reachesBack: !gap,
  };
}

/** Drops changes older than the log keeps (the api's timer). */
export async function pruneChanges(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const gone = await db
    .deleteFrom('catalogue_changes')
    .where('created_at', '<', new Date(now - CHANGES_KEPT_MS))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
