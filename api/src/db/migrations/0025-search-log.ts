import { type Kysely, sql } from 'kysely';

// What shoppers searched for, without who: each search's words (normalised, at most 100 characters), how many
// products it found, how long it took and whether a result was opened; no customer, address or session. Rows of
// days gone are rolled up per day and query into search_daily (api/src/search/rollup.ts), kept SEARCH_LOG_DAYS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      query text not null check (length(query) between 1 and 100),
      results integer not null check (results >= 0),
      took_ms integer not null check (took_ms >= 0),
      opened boolean not null default false
    )
  `.execute(db);
  await sql`create index search_log_at on search_log (at)`.execute(db);
  // A search ranks at most its best-selling matches (products/repo.ts): read in this order, a search that matches
  // most of a large catalogue stops at them instead of reading every match.
  await sql`create index products_sold on products (sold desc, id) where archived_at is null`.execute(db);
  // A synonym's word is one word of any script (letters with their marks, digits): the first check knew only
  // the letters [[:alnum:]] matches, which leaves out Indian scripts' vowel signs; any character past ASCII is
  // let through (the api lets only letters, marks and digits reach it), ASCII only as letters and digits.
  await sql`alter table search_synonyms drop constraint search_synonyms_word_check`.execute(db);
  await sql`
    alter table search_synonyms add constraint search_synonyms_word_check
      check (word = lower(word) and length(word) <= 50 and word ~ '^([[:alnum:]]|[^\\x01-\\x7f])+$' and word !~ '[[:space:][:cntrl:]]')
  `.execute(db);
  await sql`
    create table search_daily (
      day date not null,
      query text not null check (length(query) between 1 and 100),
      searches integer not null check (searches > 0),
      no_results integer not null check (no_results >= 0),
      opened integer not null check (opened >= 0),
      took_ms bigint not null check (took_ms >= 0),
      primary key (day, query)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_sold`.execute(db);
  await sql`alter table search_synonyms drop constraint search_synonyms_word_check`.execute(db);
  await sql`alter table search_synonyms add constraint search_synonyms_word_check check (word ~ '^[[:alnum:]]+$' and word = lower(word) and length(word) <= 50)`.execute(
    db,
  );
  await sql`drop table search_daily`.execute(db);
  await sql`drop table search_log`.execute(db);
}
