import { type Kysely, sql } from 'kysely';

// What a shopper agreed to, when, under which version of the privacy notice, and when they withdrew it (Digital
// Personal Data Protection Act, 2023, s. 6): kept as proof of consent (s. 6(10)), naming no one but by the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table consents (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id),
      purpose text not null check (purpose in ('account')),
      notice_version integer not null check (notice_version >= 0),
      given_at timestamptz not null default now(),
      withdrawn_at timestamptz
    )
  `.execute(db);
  await sql`create index consents_customer on consents (customer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table consents`.execute(db);
}
