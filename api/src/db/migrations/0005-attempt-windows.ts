import { type Kysely, sql } from 'kysely';

// Attempts counted in fixed windows, one row a key (`login:<email>`, `register:<email>`): taken by one
// atomic upsert before the work they guard, so concurrent attempts can never pass a limit together.
// Sign-in failures move here from the table that counted only them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table attempt_windows (
      key text primary key,
      hits integer not null check (hits >= 0),
      window_started_at timestamptz not null
    )
  `.execute(db);
  await sql`
    insert into attempt_windows (key, hits, window_started_at)
    select 'login:' || email, failures, window_started_at from login_failures
  `.execute(db);
  await sql`drop table login_failures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_failures (
      email text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    )
  `.execute(db);
  await sql`
    insert into login_failures (email, failures, window_started_at)
    select substr(key, 7), hits, window_started_at from attempt_windows where key like 'login:%'
  `.execute(db);
  await sql`drop table attempt_windows`.execute(db);
}
