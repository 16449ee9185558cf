import { type Kysely, sql } from 'kysely';

// What the Legal Metrology (Packaged Commodities) Rules, 2011 ask a listing to say besides its price: the
// country of origin (an ISO 3166-1 code: shop-rules' countries.ts names it), and who made it and, for goods
// made abroad, who imported it (each a name and an address). Products listed before have none until the
// catalogue desk or an import gives them: never made up. The store filters and sorts by the country, so it
// is indexed among the products in the store.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column country_of_origin text check (country_of_origin ~ '^[A-Z]{2}$')`.execute(db);
  await sql`alter table products add column manufacturer text check (char_length(manufacturer) between 1 and 300)`.execute(db);
  await sql`alter table products add column importer text check (char_length(importer) between 1 and 300)`.execute(db);
  await sql`create index products_country_of_origin on products (country_of_origin) where archived_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_country_of_origin`.execute(db);
  for (const c of ['importer', 'manufacturer', 'country_of_origin']) {
    await sql`alter table products drop column ${sql.ref(c)}`.execute(db);
  }
}
