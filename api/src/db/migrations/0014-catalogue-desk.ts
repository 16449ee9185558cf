import { type Kysely, sql } from 'kysely';

// The catalogue desk:
// - products.archived_at: an archived product leaves the store, search, the sitemap and the popular
//   list, and its page answers 404, while orders, carts and returns keep it (a product once ordered is
//   never deleted);
// - products.version: moved by every desk edit, so two staff editing one product cannot overwrite
//   each other (the second is told to reload);
// - catalogue_changes: what each change touched ("product:<id>", "products", …), written in the
//   change's own transaction. Every gateway reads it every fraction of a second and drops the cached
//   answers and pages that showed what changed (gateway/src/cache/), so a shopper sees an edit at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column archived_at timestamptz,
      add column version integer not null default 0
  `.execute(db);
  await sql`create index products_archived on products (archived_at) where archived_at is not null`.execute(db);
  await sql`
    create table catalogue_changes (
      seq bigserial primary key,
      tags text[] not null check (cardinality(tags) between 1 and 1000),
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index catalogue_changes_created on catalogue_changes (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table catalogue_changes`.execute(db);
  await sql`drop index products_archived`.execute(db);
  await sql`alter table products drop column archived_at, drop column version`.execute(db);
}
