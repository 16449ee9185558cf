import { type Kysely, sql } from 'kysely';

// Stock per colour. A product's colours (product_colors) become its variants: each holds its own stock,
// so the last black pair of headphones cannot be sold as in stock in white. The product's one stock
// figure moves onto its colours without loss:
//
//   each colour gets the product's stock divided by its number of colours, rounded down, and the
//   remainder goes one unit each to the first colours in the product's order (position, then id).
//
// So 100 units over 3 colours become 34, 33, 33; 1 unit over 3 colours becomes 1, 0, 0; the sum is
// always the product's stock. A product with stock but no colour has nowhere to put it: the migration
// stops and names it (no such product can come from the shop's import, seed or desk).
//
// A colour taken off a product stays as a variant that is no longer offered (`offered` false), so cart
// lines, orders and stock put back by a refund keep their variant.
export async function up(db: Kysely<unknown>): Promise<void> {
  const stranded = await sql<{ title: string; quantity: number }>`
    select p.title, p.quantity from products p
    where p.quantity > 0 and not exists (select 1 from product_colors pc where pc.product_id = p.id)
    order by p.title limit 20
  `.execute(db);
  if (stranded.rows.length > 0) {
    const names = stranded.rows.map((r) => `"${r.title}" (${r.quantity})`).join(', ');
    throw new Error(
      `Stock moves onto each product's colours, and these products have stock but no colour: ${names}. Give each a colour (or set its stock to 0) and start again.`,
    );
  }
  await sql`
    alter table product_colors
      add column quantity integer not null default 0 constraint product_colors_quantity_check check (quantity >= 0),
      add column offered boolean not null default true
  `.execute(db);
  await sql`
    update product_colors pc set quantity = share.quantity
    from (
      select v.product_id, v.color_id,
        p.quantity / v.n + case when v.rank <= p.quantity % v.n then 1 else 0 end as quantity
      from (
        select product_id, color_id,
          count(*) over (partition by product_id) as n,
          row_number() over (partition by product_id order by position, color_id) as rank
        from product_colors
      ) v
      join products p on p.id = v.product_id
    ) share
    where pc.product_id = share.product_id and pc.color_id = share.color_id
  `.execute(db);
  // products.quantity is no longer read or written. It is dropped by a later release, not this one: the
  // previous release's apis still use it while a rolling upgrade replaces them (docs/operations.md, "Rolling upgrades").
  // Emptied, so those apis refuse a sale (out of stock) rather than sell what a colour no longer has.
  await sql`update products set quantity = 0`.execute(db);
  // The dashboard's low-stock list reads the variants by stock.
  await sql`create index product_colors_stock on product_colors (quantity) where offered`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update products p set quantity = (select coalesce(sum(quantity), 0) from product_colors pc where pc.product_id = p.id)
  `.execute(db);
  await sql`drop index product_colors_stock`.execute(db);
  await sql`alter table product_colors drop column quantity, drop column offered`.execute(db);
}
