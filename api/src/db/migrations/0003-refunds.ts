import { type Kysely, sql } from 'kysely';

// A kept payment is settled by refunding it through the provider (npm run payments:settle): the
// refund's id and time are written here, once, so running the command again refunds nothing twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table unsettled_payments add column refund_id text, add column refunded_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table unsettled_payments drop column if exists refund_id, drop column if exists refunded_at`.execute(db);
}
