import { type Kysely, sql } from 'kysely';

// Who sent an enquiry, when they were signed in with the e-mail they wrote from: the one link from a message to an
// account that a shopper's data download and erasure follow (an e-mail typed into the form proves nothing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiries add column customer_id uuid references customers (id)`.execute(db);
  await sql`create index enquiries_customer on enquiries (customer_id) where customer_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiries drop column customer_id`.execute(db);
}
