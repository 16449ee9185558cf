import { type Kysely, sql } from 'kysely';

// Coupons (the spec's totalPriceAfterDiscount):
// - coupons: a code (upper case), a percentage or a fixed amount off the subtotal, when it may be used,
//   the smallest subtotal it needs, how many times in all and per customer, and an active switch;
// - coupon_redemptions: one use of a coupon by one checkout. A checkout holds its use from the moment
//   it starts (counted against the limits until `held_until`), the order it makes spends it (`used`),
//   and a checkout that makes no order gives it back (`released`). Every use is counted under the
//   coupon's row lock, so the last use goes to exactly one shopper;
// - checkouts and orders carry the code and the discount (rupees); order_items their share of it in
//   paise, so a refund of some lines gives back what was paid for them; units a coupon paid for in full
//   are refunded at 0 (recorded, done at once), so order_refunds.amount may be 0.
const statements = `
    create table coupons (
      id uuid primary key default gen_random_uuid(),
      code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
      description text not null default '' check (length(description) <= 200),
      kind text not null check (kind in ('percent', 'fixed')),
      value integer not null check (value > 0 and (kind <> 'percent' or value <= 100)),
      starts_at timestamptz,
      expires_at timestamptz,
      min_order integer not null default 0 check (min_order >= 0),
      usage_limit integer check (usage_limit > 0),
      per_customer_limit integer check (per_customer_limit > 0),
      active boolean not null default true,
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint coupons_dates check (starts_at is null or expires_at is null or expires_at > starts_at)
    );

    create table coupon_redemptions (
      id uuid primary key default gen_random_uuid(),
      coupon_id uuid not null references coupons (id),
      customer_id uuid not null references customers (id),
      checkout_id uuid not null unique,
      order_id uuid references orders (id),
      discount integer not null check (discount >= 0),
      state text not null default 'held' check (state in ('held', 'used', 'released')),
      held_until timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index coupon_redemptions_counted on coupon_redemptions (coupon_id, customer_id) where state <> 'released';

    alter table checkouts
      add column coupon_code text,
      add column discount integer not null default 0 check (discount >= 0);
    alter table checkouts add constraint checkouts_discount_within check (discount <= subtotal);
    alter table orders
      add column coupon_code text,
      add column discount integer not null default 0 check (discount >= 0);
    alter table order_items add column discount_paise integer not null default 0 check (discount_paise >= 0);
    alter table order_refunds drop constraint order_refunds_amount_check;
    alter table order_refunds add constraint order_refunds_amount_check check (amount >= 0)
`
  .split(/;\s*\n/)
  .map((s) => s.trim())
  .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table order_refunds drop constraint order_refunds_amount_check',
    'alter table order_refunds add constraint order_refunds_amount_check check (amount > 0)',
    'alter table order_items drop column discount_paise',
    'alter table orders drop column coupon_code, drop column discount',
    'alter table checkouts drop constraint checkouts_discount_within',
    'alter table checkouts drop column coupon_code, drop column discount',
    'drop table coupon_redemptions',
    'drop table coupons',
  ])
    await sql.raw(statement).execute(db);
}
