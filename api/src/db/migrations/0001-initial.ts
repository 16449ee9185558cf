import { type Kysely, sql } from 'kysely';

// The shop's constraints live in the schema, so no code path can write a line the rules forbid.
const statements = `
    create table customers (
      id uuid primary key default gen_random_uuid(),
      firstname text not null check (length(firstname) between 1 and 100),
      lastname text not null default '' check (length(lastname) <= 100),
      email text not null check (email = lower(email) and length(email) <= 254),
      mobile text check (mobile ~ '^[0-9]{1,15}$'),
      password_hash text not null,
      role text not null default 'user' check (role in ('user', 'admin')),
      password_changed_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint customers_email_unique unique (email)
    );

    create table colors (
      id uuid primary key default gen_random_uuid(),
      title text not null unique check (length(title) between 1 and 40)
    );

    create table products (
      id uuid primary key default gen_random_uuid(),
      title text not null check (length(title) between 1 and 200),
      slug text not null unique,
      description text not null,
      price integer not null check (price >= 0),
      category text not null,
      brand text not null,
      tags text[] not null default '{}',
      images jsonb not null default '[]',
      quantity integer not null default 0 check (quantity >= 0),
      sold integer not null default 0 check (sold >= 0),
      total_rating integer not null default 0 check (total_rating between 0 and 5),
      rating_count integer not null default 0 check (rating_count >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index products_category_price on products (category, price, id);
    create index products_category_created on products (category, created_at, id);
    create index products_brand_price on products (brand, price, id);
    create index products_price on products (price, id);
    create index products_created on products (created_at, id);
    create index products_title on products ((lower(title) collate "C"), id);
    create index products_tags on products using gin (tags);
    create index products_title_trgm on products using gin (title gin_trgm_ops);

    create table product_colors (
      product_id uuid not null references products (id) on delete cascade,
      color_id uuid not null references colors (id),
      position integer not null default 0,
      primary key (product_id, color_id)
    );

    create table ratings (
      id uuid primary key default gen_random_uuid(),
      product_id uuid not null references products (id) on delete cascade,
      customer_id uuid not null references customers (id) on delete cascade,
      star integer not null check (star between 1 and 5),
      comment text not null check (length(comment) between 1 and 2000),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint ratings_one_per_customer unique (product_id, customer_id)
    );

    create table cart_lines (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id) on delete cascade,
      product_id uuid not null references products (id),
      color_id uuid not null,
      quantity integer not null check (quantity between 1 and 10),
      price integer not null check (price >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (product_id, color_id) references product_colors (product_id, color_id),
      constraint cart_lines_one_per_variant unique (customer_id, product_id, color_id)
    );

    create table wishlist (
      customer_id uuid not null references customers (id) on delete cascade,
      product_id uuid not null references products (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (customer_id, product_id)
    );

    create table orders (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id),
      shipping_info jsonb not null,
      razorpay_order_id text not null,
      razorpay_payment_id text not null,
      total_price integer not null check (total_price >= 0),
      total_price_after_discount integer not null check (total_price_after_discount >= 0),
      order_status text not null default 'Ordered'
        check (order_status in ('Ordered', 'Processed', 'Shipped', 'Out For Delivery', 'Delivered')),
      paid_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint orders_one_per_payment unique (razorpay_payment_id),
      constraint orders_one_per_provider_order unique (razorpay_order_id)
    );
    create index orders_customer on orders (customer_id, created_at desc);

    create table order_items (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders (id) on delete cascade,
      product_id uuid not null references products (id),
      color_id uuid not null references colors (id),
      quantity integer not null check (quantity between 1 and 10),
      price integer not null check (price >= 0),
      position integer not null default 0
    );
    create index order_items_order on order_items (order_id, position);

    create table blogs (
      id uuid primary key default gen_random_uuid(),
      title text not null,
      slug text not null unique,
      description text not null,
      category text not null,
      images jsonb not null default '[]',
      author text not null default 'Digitic',
      num_views integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table enquiries (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email text not null,
      mobile text not null,
      comment text not null,
      status text not null default 'Submitted'
        check (status in ('Submitted', 'Contacted', 'In Progress', 'Resolved')),
      created_at timestamptz not null default now()
    );

    create table reset_tokens (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid not null references customers (id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index reset_tokens_customer on reset_tokens (customer_id);

    create table login_failures (
      email text primary key,
      failures integer not null,
      window_started_at timestamptz not null
    );
`
  .split(/;\s*\n/)
  .map((s) => s.trim())
  .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists login_failures, reset_tokens, enquiries, blogs, order_items, orders,
      wishlist, cart_lines, ratings, product_colors, products, colors, customers
  `.execute(db);
}
