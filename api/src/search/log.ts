import type { SearchReportRecord } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import type { AttemptWindows } from '../auth/attempts.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, tooManyRequests } from '../domain/errors.js';
import { shopDay, shopDayOf } from '../reports/sales.js';
import { personalSearch } from './personal.js';
import type { SearchTickets } from './tickets.js';

// The search log (db/migrations/0025): a search is logged when the storefront shows its results and hands back
// the answer's ticket (search/tickets.ts); a result opened from them marks it. Read back as the back office's
// Search screen: searches and the share that found nothing per day, the top queries, those that found nothing.

export const LogBody = z.object({
  ticket: z
    .string({ error: 'ticket is the search answer’s ticket' })
    .min(1, 'ticket is the search answer’s ticket')
    .max(600, 'ticket is at most 600 characters'),
});
export const OpenedBody = z.object({
  id: z.string({ error: 'id is the logged search’s id' }).min(1, 'id is the logged search’s id').max(200, 'id is at most 200 characters'),
});

/** Searches one address may log in ten minutes: more than a person reads, fewer than a script would send. */
export const LOGGED_PER_ADDRESS = { limit: 30, windowMs: 10 * 60_000 };
/** A ticket counts once per address a day: a results page shown again (a reload, the cache) is one search. */
const ONCE_A_DAY = { limit: 1, windowMs: 24 * 60 * 60_000 };

export function searchLog(db: Kysely<Database>, tickets: SearchTickets, attempts: AttemptWindows) {
  return {
    /**
     * Logs the ticket's search; answers its id for "a result was opened". Anyone can have the shop search for any
     * words, so each address's searches are counted once per ticket and at most 30 in ten minutes: one client
     * cannot fill the log or put words of its choosing at the top of the screen staff read.
     */
    async record(ticket: string, address: string | null): Promise<{ id: string }> {
      const search = tickets.read(ticket);
      if (!search) throw badRequest('ticket is not a search answer of this shop’s, or is older than a day', 'ticket');
      // A ticket signed before the rule of search/personal.ts (or under an older spelling of it) still keeps no person's words.
      if (personalSearch(search.query)) throw conflict('This search is not logged: it looks like a person’s details', 'ticket');
      const who = address ?? 'unknown';
      const once = await attempts.reserve(`search-ticket:${createHash('sha256').update(ticket).digest('base64url')}:${who}`, ONCE_A_DAY);
      if (!once.allowed) throw conflict('This search was counted already', 'ticket');
      const rate = await attempts.reserve(`search-log:${who}`, LOGGED_PER_ADDRESS);
      if (!rate.allowed)
        throw tooManyRequests(`Too many searches logged from this address: try again in ${Math.ceil(rate.retryMs / 1000)} s`);
      const row = await db
        .insertInto('search_log')
        .values({ query: search.query, results: search.results, took_ms: search.tookMs, at: new Date(search.at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: tickets.openToken(String(row.id)) };
    },
    /** Marks a logged search: one of its results was opened (again is nothing more). */
    async opened(token: string): Promise<void> {
      const id = tickets.openedId(token);
      if (!id) throw badRequest('id is not a logged search of this shop’s', 'id');
      await db.updateTable('search_log').set({ opened: true }).where('id', '=', id).where('opened', '=', false).execute();
    },
  };
}

export const SearchReportQuery = z.object({
  days: z.coerce
    .number({ error: 'days is 7, 30 or 90' })
    .refine((d) => d === 7 || d === 30 || d === 90, 'days is 7, 30 or 90')
    .default(30),
});

/** How many queries each list of the report shows. */
export const REPORT_QUERIES = 20;

/**
 * The last `days` days of the shop (India time): per day, the searches and how many found nothing; the most
 * searched queries, with how many found nothing and how many had a result opened; the queries that found nothing
 * most often. Days gone are read from their roll-up, today (and any day not rolled up yet) from the log.
 */
export async function searchReport(db: Kysely<Database>, days: number, now = Date.now()): Promise<SearchReportRecord> {
  const first = shopDayOf(now, days - 1);
  const since = new Date(Date.parse(`${first}T00:00:00Z`) - 330 * 60_000);
  const { rows } = await sql<{ day: string; query: string; searches: number; no_results: number; opened: number; took_ms: number }>`
    select day::text as day, query, sum(searches)::int as searches, sum(no_results)::int as no_results,
      sum(opened)::int as opened, sum(took_ms)::bigint as took_ms
    from (
      select day, query, searches, no_results, opened, took_ms from search_daily where day >= ${first}::date
      union all
      select ${shopDay('at')} as day, query, 1, (results = 0)::int, opened::int, took_ms from search_log where at >= ${since}
    ) s
    group by day, query
  `.execute(db);
  const perDay = new Map<string, { searches: number; noResults: number }>();
  const perQuery = new Map<string, { query: string; searches: number; noResults: number; opened: number; tookMs: number }>();
  for (const r of rows) {
    const day = perDay.get(r.day) ?? { searches: 0, noResults: 0 };
    day.searches += Number(r.searches);
    day.noResults += Number(r.no_results);
    perDay.set(r.day, day);
    const q = perQuery.get(r.query) ?? { query: r.query, searches: 0, noResults: 0, opened: 0, tookMs: 0 };
    q.searches += Number(r.searches);
    q.noResults += Number(r.no_results);
    q.opened += Number(r.opened);
    q.tookMs += Number(r.took_ms);
    perQuery.set(r.query, q);
  }
  const list = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = shopDayOf(now, back);
    list.push({ day, ...(perDay.get(day) ?? { searches: 0, noResults: 0 }) });
  }
  const queries = [...perQuery.values()].map((q) => ({
    query: q.query,
    searches: q.searches,
    noResults: q.noResults,
    opened: q.opened,
    averageMs: Math.round(q.tookMs / q.searches),
  }));
  const byMost = (a: { searches: number; query: string }, b: { searches: number; query: string }) =>
    b.searches - a.searches || a.query.localeCompare(b.query);
  const searches = list.reduce((n, d) => n + d.searches, 0);
  const noResults = list.reduce((n, d) => n + d.noResults, 0);
  return {
    days: list,
    totals: { searches, noResults },
    top: queries.sort(byMost).slice(0, REPORT_QUERIES),
    noResults: queries
      .filter((q) => q.noResults > 0)
      .map((q) => ({ ...q, searches: q.noResults }))
      .sort(byMost)
      .slice(0, REPORT_QUERIES),
  };
}
