import { type Kysely, sql } from 'kysely';

// Search that reads what shoppers mean (issue 41): each product's words as a weighted full-text document, kept by
// PostgreSQL itself on every write (a generated column: the desk, the import, the seed, a rename of a term all
// write through it): its title and brand first (A), its category and tags (B), its description's text without
// HTML (C). And the shop's synonyms: a word a shopper types, and the words it also means.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Immutable as PostgreSQL needs for a generated column: the English configuration is named, not the session's.
  await sql`
    create function product_search_doc(title text, brand text, category text, tags text[], description text)
    returns tsvector language sql immutable parallel safe as $$
      select setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(brand, '')), 'A')
          || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(array_to_string(tags, ' '), '')), 'B')
          || setweight(to_tsvector('english', regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'C')
    $$
  `.execute(db);
  await sql`
    alter table products add column search_doc tsvector
      generated always as (product_search_doc(title, brand, category, tags, description)) stored
  `.execute(db);
  await sql`create index products_search_doc on products using gin (search_doc)`.execute(db);
  await sql`
    create table search_synonyms (
      word text primary key check (word ~ '^[[:alnum:]]+$' and word = lower(word) and length(word) <= 50),
      also text[] not null check (cardinality(also) between 1 and 10 and array_position(also, '') is null),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  // A sensible start for an electronics shop; the shop changes them in the back office.
  await sql`
    insert into search_synonyms (word, also) values
      ('tv', array['television']),
      ('television', array['tv']),
      ('telly', array['tv']),
      ('earphones', array['headphones']),
      ('earphone', array['headphones']),
      ('earbuds', array['headphones']),
      ('earbud', array['headphones']),
      ('headset', array['headphones']),
      ('notebook', array['laptop']),
      ('smartwatch', array['watch']),
      ('mac', array['macbook']),
      ('canceling', array['cancelling', 'cancellation']),
      ('cancelling', array['cancellation']),
      ('anc', array['noise cancellation'])
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table search_synonyms`.execute(db);
  await sql`drop index products_search_doc`.execute(db);
  await sql`alter table products drop column search_doc`.execute(db);
  await sql`drop function product_search_doc(text, text, text, text[], text)`.execute(db);
}
