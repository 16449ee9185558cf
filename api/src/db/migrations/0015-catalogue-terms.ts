import { type Kysely, sql } from 'kysely';

// The catalogue's vocabulary, managed in the desk:
// - catalogue_terms: the brands, categories and tags products may name (a product written with a new one
//   adds it); one in use cannot be deleted, and renaming one renames it on every product;
// - colors.name: a colour's name as staff and shoppers read it ("Midnight black"), beside its swatch value
//   (colors.title, the CSS colour the storefront paints).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalogue_terms (
      kind text not null check (kind in ('brand', 'category', 'tag')),
      value text not null check (length(value) between 1 and 100),
      created_at timestamptz not null default now(),
      primary key (kind, value)
    )
  `.execute(db);
  await sql`
    insert into catalogue_terms (kind, value)
    select 'brand', brand from products union
    select 'category', category from products union
    select 'tag', unnest(tags) from products
    on conflict do nothing
  `.execute(db);
  await sql`alter table colors add column name text check (length(name) between 1 and 60)`.execute(db);
  // What the storefront paints is a CSS colour and nothing else (a colour could carry CSS into a style).
  // Not valid for rows already there: a shop whose old import made an odd one keeps it until it is changed.
  await sql`
    alter table colors add constraint colors_title_swatch
      check (title ~* '^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,30})$') not valid
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table colors drop constraint colors_title_swatch`.execute(db);
  await sql`alter table colors drop column name`.execute(db);
  await sql`drop table catalogue_terms`.execute(db);
}
