import { type Kysely, sql } from 'kysely';

// - A refund being sent to the provider is claimed for a minute (claimed_until) instead of being held under a
//   row lock across the provider's call: no connection waits on the provider, and a sender that stops
//   mid-way leaves a claim that runs out, after which the receipt lookup finds what it did.
// - Customers are looked up by the beginning of their e-mail: an index LIKE 'abc%' can use.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_refunds add column claimed_until timestamptz`.execute(db);
  await sql`create index customers_email_prefix on customers (lower(email) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index customers_email_prefix`.execute(db);
  await sql`alter table order_refunds drop column claimed_until`.execute(db);
}
