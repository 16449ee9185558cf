import { type Kysely, sql } from 'kysely';

// What the shop knows of a payment from the moment it starts one: the checkout record (what is
// being paid for, for whom, to where), the provider's webhook deliveries (so each event counts
// once), every refund the shop learns of, and a lease so one api of several runs reconciliation.
const statements = `
    create table checkouts (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id),
      razorpay_order_id text not null,
      status text not null default 'started'
        check (status in ('started', 'paid', 'ordered', 'failed', 'expired', 'refunded')),
      lines jsonb not null,
      shipping_info jsonb not null,
      subtotal integer not null check (subtotal >= 0),
      shipping integer not null check (shipping >= 0),
      total integer not null check (total >= 0),
      razorpay_payment_id text,
      order_id uuid references orders (id),
      failure_reason text,
      paid_at timestamptz,
      last_checked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint checkouts_one_per_provider_order unique (razorpay_order_id),
      constraint checkouts_one_per_order unique (order_id)
    );
    create index checkouts_open on checkouts (created_at) where status in ('started', 'paid', 'failed');
    create index checkouts_customer on checkouts (customer_id, created_at desc);

    create table webhook_events (
      event_id text primary key,
      event text not null,
      razorpay_order_id text,
      outcome text not null,
      received_at timestamptz not null default now()
    );

    create table payment_refunds (
      refund_id text primary key,
      razorpay_payment_id text not null,
      amount integer not null check (amount > 0),
      status text not null,
      source text not null,
      created_at timestamptz not null default now()
    );
    create index payment_refunds_payment on payment_refunds (razorpay_payment_id);

    create table job_leases (
      name text primary key,
      holder text not null,
      expires_at timestamptz not null,
      finished_at timestamptz
    );

    alter table orders add column confirmation_sent_at timestamptz;
    alter table unsettled_payments
      add column notice_sent_at timestamptz,
      add column refund_attempts integer not null default 0,
      add column last_refund_error text
`
  .split(/;\s*\n/)
  .map((s) => s.trim())
  .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  // Orders made before this migration have had whatever they were going to get.
  await sql`update orders set confirmation_sent_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table unsettled_payments drop column if exists notice_sent_at, drop column if exists refund_attempts,
      drop column if exists last_refund_error
  `.execute(db);
  await sql`alter table orders drop column if exists confirmation_sent_at`.execute(db);
  await sql`drop table if exists job_leases, payment_refunds, webhook_events, checkouts`.execute(db);
}
