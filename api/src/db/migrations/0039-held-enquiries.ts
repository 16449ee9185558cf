import { type Kysely, sql } from 'kysely';

// A message that arrives with the shop's hourly ceiling full is kept for review, not refused (issue 53; rule 4(5)
// of the E-Commerce Rules keeps the grievance channel open): held_at marks it, and the inbox lists held messages
// apart until a staff member acts on one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiries add column held_at timestamptz`.execute(db);
  await sql`create index enquiries_held on enquiries (created_at desc) where held_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiries drop column held_at`.execute(db);
}
