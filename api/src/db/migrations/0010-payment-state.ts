import { type Kysely, sql } from 'kysely';

// Where an order's payment stands, kept on the order (refunds/order-refunds.ts writes it with every change
// to its refunds): paid (nothing refunded), refund_in_progress, or refunded (some or all of it). The order
// desk filters 100,000 orders by it through an index instead of looking through every order's refunds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column payment_state text not null default 'paid'
      check (payment_state in ('paid', 'refund_in_progress', 'refunded'))
  `.execute(db);
  await sql`
    update orders o set payment_state = case
      when exists (select 1 from order_refunds r where r.order_id = o.id and r.state in ('requested', 'pending')) then 'refund_in_progress'
      when exists (select 1 from order_refunds r where r.order_id = o.id and r.state = 'processed') then 'refunded'
      else 'paid' end
    where exists (select 1 from order_refunds r where r.order_id = o.id)
  `.execute(db);
  await sql`create index orders_payment_state_created on orders (payment_state, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_payment_state_created`.execute(db);
  await sql`alter table orders drop column payment_state`.execute(db);
}
