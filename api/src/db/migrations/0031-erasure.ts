import { type Kysely, sql } from 'kysely';

// A shopper's account erased at their request (Digital Personal Data Protection Act, 2023, s. 12): the row stays,
// for the orders and invoices the GST law keeps for eight years point at it, with every personal detail gone and
// this stamp set; no one signs in to it again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column erased_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers drop column erased_at`.execute(db);
}
