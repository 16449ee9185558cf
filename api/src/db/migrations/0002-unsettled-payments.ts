import { type Kysely, sql } from 'kysely';

// A payment the provider captured but the shop could not turn into an order (the cart changed
// after paying, say) is kept here, so support can refund it: no payment is silently lost.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table unsettled_payments (
      razorpay_payment_id text primary key,
      razorpay_order_id text not null,
      customer_id uuid not null references customers (id),
      amount_paid integer not null,
      cart_total integer not null,
      reason text not null,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists unsettled_payments`.execute(db);
}
