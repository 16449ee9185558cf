import { type Kysely, sql } from 'kysely';

// A refund moves through its lifecycle by the one guarded write every versioned lifecycle ends with
// (domain/lifecycle.ts): a version each move names and moves on, and the time of its last move.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_refunds add column version integer not null default 0`.execute(db);
  await sql`alter table order_refunds add column updated_at timestamptz not null default now()`.execute(db);
  await sql`update order_refunds set updated_at = coalesce(processed_at, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_refunds drop column updated_at`.execute(db);
  await sql`alter table order_refunds drop column version`.execute(db);
}
