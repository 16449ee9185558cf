import { type Kysely, sql } from 'kysely';

// After the sale (refunds/order-refunds.ts, returns/, orders/notices.ts):
// - order_refunds: every refund of an order's payment (a cancellation, lines, a return, or one made at
//   the provider), recorded before the provider is asked, so a refund is never made twice nor lost;
//   its receipt at the provider is its id, and a retry asks the provider before refunding again.
// - returns: a shopper's request to send lines back, with its own lifecycle and version.
// - order_notices: the e-mails an order's events owe the shopper, written in the event's transaction
//   and claimed once for sending (an outbox): none forgotten when the event commits, none sent twice, a
//   failed send retried (a process killed between the claim and the send loses that one e-mail).
export async function up(db: Kysely<unknown>): Promise<void> {
  const actorKinds = sql.raw(`('shopper', 'staff', 'webhook', 'reconciliation', 'system', 'command')`);
  await sql`
    create table returns (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id),
      customer_id uuid not null references customers (id),
      status text not null default 'Requested' check (status in ('Requested', 'Approved', 'Rejected', 'Received', 'Refunded')),
      version integer not null default 0,
      reason text not null,
      comment text,
      lines jsonb not null,
      decision_note text,
      restocked boolean,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      decided_at timestamptz,
      received_at timestamptz,
      refunded_at timestamptz
    )
  `.execute(db);
  await sql`create index returns_status_created on returns (status, created_at desc)`.execute(db);
  await sql`create index returns_order on returns (order_id)`.execute(db);

  await sql`
    create table order_refunds (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id),
      return_id uuid references returns (id),
      amount integer not null check (amount > 0),
      lines jsonb not null default '[]',
      reason text not null,
      restock boolean not null default false,
      state text not null default 'requested' check (state in ('requested', 'pending', 'processed', 'failed')),
      provider_refund_id text unique,
      attempts integer not null default 0,
      last_error text,
      source text not null,
      actor_kind text not null check (actor_kind in ${actorKinds}),
      actor_id text,
      actor_label text,
      created_at timestamptz not null default now(),
      processed_at timestamptz
    )
  `.execute(db);
  await sql`create index order_refunds_order on order_refunds (order_id, created_at)`.execute(db);
  await sql`create index order_refunds_open on order_refunds (created_at) where state in ('requested', 'pending')`.execute(db);

  await sql`
    create table order_notices (
      id bigint generated always as identity primary key,
      order_id uuid not null references orders (id),
      kind text not null check (kind in ('shipped', 'delivered', 'cancelled', 'refunded', 'return-approved', 'return-rejected')),
      event_key text not null unique,
      detail jsonb not null default '{}',
      claimed_at timestamptz,
      sent_at timestamptz,
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index order_notices_unsent on order_notices (id) where sent_at is null`.execute(db);

  // The order desk's searches at scale: by customer e-mail (case-insensitive) or phone, then newest first.
  await sql`create index customers_email_lower on customers (lower(email))`.execute(db);
  await sql`create index customers_mobile on customers (mobile)`.execute(db);
  await sql`create index orders_created on orders (created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_created`.execute(db);
  await sql`drop index if exists customers_mobile`.execute(db);
  await sql`drop index if exists customers_email_lower`.execute(db);
  await sql`drop table order_notices`.execute(db);
  await sql`drop table order_refunds`.execute(db);
  await sql`drop table returns`.execute(db);
}
