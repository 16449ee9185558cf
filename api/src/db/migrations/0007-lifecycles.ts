import { type Kysely, sql } from 'kysely';

// The order's life gets a home (orders/order-state.ts, checkout/checkout-state.ts):
// - a version on checkouts and orders, moved by every transition, so two people acting on one record
//   at once cannot both win;
// - an order may be Cancelled (from Ordered or Processed), and carries its parcel's carrier and tracking;
// - order_events, the order's timeline (paid, each status, notes, e-mails, refunds) with who did it;
// - audit_log, the shop-wide trail of who did what to which record, before and after.
// Both are append-only: the database refuses UPDATE, DELETE and TRUNCATE on them (a trigger, so even
// the table's owner cannot rewrite history without first changing the schema, which is itself visible).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table checkouts add column version integer not null default 0`.execute(db);
  await sql`
    alter table orders
      add column version integer not null default 0,
      add column carrier text,
      add column tracking_number text,
      add column tracking_url text,
      add column shipped_at timestamptz,
      add column delivered_at timestamptz,
      add column cancelled_at timestamptz,
      drop constraint orders_order_status_check,
      add constraint orders_order_status_check
        check (order_status in ('Ordered', 'Processed', 'Shipped', 'Out For Delivery', 'Delivered', 'Cancelled')),
      add constraint orders_shipped_with_tracking
        check (order_status not in ('Shipped', 'Out For Delivery') or (carrier is not null and tracking_number is not null))
  `.execute(db);
  await sql`create index orders_status_created on orders (order_status, created_at desc)`.execute(db);

  const actorKinds = sql.raw(`('shopper', 'staff', 'webhook', 'reconciliation', 'system', 'command')`);
  await sql`
    create table order_events (
      id bigint generated always as identity primary key,
      order_id uuid not null references orders (id),
      kind text not null check (kind in ('placed', 'status', 'note', 'email', 'refund', 'return')),
      from_status text,
      to_status text,
      actor_kind text not null check (actor_kind in ${actorKinds}),
      actor_id text,
      actor_label text,
      detail jsonb not null default '{}',
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index order_events_order on order_events (order_id, id)`.execute(db);

  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_kind text not null check (actor_kind in ${actorKinds}),
      actor_id text,
      actor_label text,
      action text not null,
      subject_kind text,
      subject_id text,
      before jsonb,
      after jsonb,
      address text,
      request_id text
    )
  `.execute(db);
  await sql`create index audit_log_at on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_subject on audit_log (subject_kind, subject_id, id)`.execute(db);
  await sql`create index audit_log_actor on audit_log (actor_kind, actor_id, id)`.execute(db);

  await sql`
    create function refuse_history_change() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege';
    end
    $$
  `.execute(db);
  for (const table of ['audit_log', 'order_events']) {
    const t = sql.raw(table);
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${t} for each row execute function refuse_history_change()`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${t} for each statement execute function refuse_history_change()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
  await sql`drop table order_events`.execute(db);
  await sql`drop function refuse_history_change()`.execute(db);
  await sql`drop index orders_status_created`.execute(db);
  await sql`
    alter table orders
      drop constraint orders_shipped_with_tracking,
      drop constraint orders_order_status_check,
      add constraint orders_order_status_check
        check (order_status in ('Ordered', 'Processed', 'Shipped', 'Out For Delivery', 'Delivered')),
      drop column version, drop column carrier, drop column tracking_number, drop column tracking_url,
      drop column shipped_at, drop column delivered_at, drop column cancelled_at
  `.execute(db);
  await sql`alter table checkouts drop column version`.execute(db);
}
