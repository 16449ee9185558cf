import { type Kysely, sql } from 'kysely';

// Complaints (Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)-(5)): a contact enquiry or a return the
// shopper marks as a complaint gets a ticket number at once; the shop acknowledges it within 48 hours (its first
// reply, or the return's decision) and resolves it within a month (the enquiry resolved, the return refunded or
// rejected). Each complaint is of one enquiry or one return; tickets come from a sequence (GRV-000001).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence complaint_tickets`.execute(db);
  await sql`
    create table complaints (
      id uuid primary key default gen_random_uuid(),
      ticket text not null unique,
      enquiry_id uuid unique references enquiries (id),
      return_id uuid unique references returns (id),
      received_at timestamptz not null default now(),
      acknowledged_at timestamptz,
      resolved_at timestamptz,
      check (num_nonnulls(enquiry_id, return_id) = 1)
    )
  `.execute(db);
  await sql`create index complaints_open on complaints (received_at) where resolved_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table complaints`.execute(db);
  await sql`drop sequence complaint_tickets`.execute(db);
}
