import { type Kysely, sql } from 'kysely';

// GST (shop-rules' gst.ts). A product carries its HSN code and its rate (basis points: 18 % is 1800); the codes
// of the demo's six categories are filled in, another category's products wait for theirs (an invoice of a
// small seller to a consumer may go without: notification 78/2020-Central Tax). A checkout keeps the tax it
// was priced with, and an order keeps it per line (what a tax invoice and the GST returns read) and as a whole
// (the seller's state, the place of supply, the shipping's tax). Orders placed before have none: never made up.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column hsn_code text check (hsn_code ~ '^[0-9]{4}([0-9]{2}){0,2}$')`.execute(db);
  await sql`alter table products add column gst_rate_bp integer not null default 1800 check (gst_rate_bp between 0 and 10000)`.execute(db);
  await sql`
    update products set hsn_code = case category
      when 'Laptops' then '8471' when 'Tablets' then '8471' when 'Headphones' then '8518'
      when 'Watches' then '8517' when 'TVs' then '8528' when 'Cameras' then '8525' end
  `.execute(db);
  await sql`alter table order_items add column hsn_code text`.execute(db);
  await sql`alter table order_items add column gst_rate_bp integer`.execute(db);
  await sql`alter table order_items add column taxable_paise bigint`.execute(db);
  await sql`alter table order_items add column cgst_paise bigint`.execute(db);
  await sql`alter table order_items add column sgst_paise bigint`.execute(db);
  await sql`alter table order_items add column igst_paise bigint`.execute(db);
  await sql`alter table orders add column tax jsonb`.execute(db);
  await sql`alter table checkouts add column tax jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table checkouts drop column tax`.execute(db);
  await sql`alter table orders drop column tax`.execute(db);
  for (const c of ['igst_paise', 'sgst_paise', 'cgst_paise', 'taxable_paise', 'gst_rate_bp', 'hsn_code']) {
    await sql`alter table order_items drop column ${sql.ref(c)}`.execute(db);
  }
  await sql`alter table products drop column gst_rate_bp`.execute(db);
  await sql`alter table products drop column hsn_code`.execute(db);
}
