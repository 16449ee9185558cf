import { type Kysely, sql } from 'kysely';

// An e-mail change ends the customer's other sessions and can be undone from the address it left.
// Tokens now carry `sessions_since` (a password reset, an e-mail change or its undo moves it); it starts
// as the password stamp the tokens carried until now, so no one is signed out by this migration.
// `email_changes` keeps each change's undo link (its hash only) and the address it puts back; while a
// link can still be used, that address stays held for its customer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column sessions_since timestamptz`.execute(db);
  await sql`update customers set sessions_since = password_changed_at`.execute(db);
  await sql`alter table customers alter column sessions_since set not null, alter column sessions_since set default now()`.execute(db);
  await sql`
    create table email_changes (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id) on delete cascade,
      old_email text not null,
      new_email text not null,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index email_changes_customer on email_changes (customer_id)`.execute(db);
  await sql`create index email_changes_old_email on email_changes (old_email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table email_changes`.execute(db);
  await sql`alter table customers drop column sessions_since`.execute(db);
}
