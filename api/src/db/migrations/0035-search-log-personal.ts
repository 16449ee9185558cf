import { type Kysely, sql } from 'kysely';

// The search log and its daily roll-up keep no search that looks like a person's (api/src/search/personal.ts): rows
// logged before that rule read the text as typed and kept phone numbers written with dots or brackets, full-width
// digits and order numbers. The logged text is lower-cased words of letters and digits, one space between, so the
// same rule in SQL: an `@`, six digits or more in all, or a word of 8 hex digits with a digit and a letter.
const personal = sql`(
  position('@' in query) > 0
  or length(regexp_replace(query, '[^0-9]', '', 'g')) >= 6
  or query ~ '(^|[^0-9a-z])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{8}([^0-9a-z]|$)'
)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from search_log where ${personal}`.execute(db);
  await sql`delete from search_daily where ${personal}`.execute(db);
}

export async function down(): Promise<void> {
  // What was removed is not put back.
}
