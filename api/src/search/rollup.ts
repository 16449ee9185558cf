import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { shopDay, shopDayOf } from '../reports/sales.js';

/**
 * Rolls the log's rows of days gone (the shop's days, India time) into one row per day and query, and drops the
 * roll-ups older than `keepDays` days: the log keeps no more than a day of single searches. Safe on every api at
 * once and twice in a row: the rows rolled up are deleted by the statement that adds them up.
 */
export async function rollUpSearches(
  db: Kysely<Database>,
  keepDays: number,
  now = Date.now(),
): Promise<{ rolled: number; dropped: number }> {
  const today = shopDayOf(now);
  const before = new Date(Date.parse(`${today}T00:00:00Z`) - 330 * 60_000);
  return db.transaction().execute(async (trx) => {
    // The rows are taken out and added up in one statement: another api rolling up at once waits on the rows this
    // one deleted and finds them gone, so nothing is counted twice, and searches logged meanwhile are not held up.
    const moved = await sql<{ n: number }>`
      with moved as (delete from search_log where at < ${before} returning at, query, results, opened, took_ms),
      added as (
        insert into search_daily (day, query, searches, no_results, opened, took_ms)
        select ${shopDay('at')}, query, count(*), count(*) filter (where results = 0), count(*) filter (where opened), sum(took_ms)
        from moved
        group by 1, 2
      on conflict (day, query) do update set
        searches = search_daily.searches + excluded.searches,
        no_results = search_daily.no_results + excluded.no_results,
        opened = search_daily.opened + excluded.opened,
        took_ms = search_daily.took_ms + excluded.took_ms
        returning 1
      )
      select (select count(*) from moved)::int as n
    `.execute(trx);
    const dropped = await trx
      .deleteFrom('search_daily')
      .where('day', '<', sql<string>`${shopDayOf(now, keepDays)}::date`)
      .executeTakeFirst();
    return { rolled: Number(moved.rows[0]?.n ?? 0), dropped: Number(dropped.numDeletedRows) };
  });
}
