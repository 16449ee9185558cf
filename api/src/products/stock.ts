import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { productTag, recordChange } from '../catalogue/changes.js';

/**
 * What an order takes from stock, or puts back: a product in one colour (a variant) and how many.
 * Stock is kept per variant (product_colors.quantity); the product counts what it sold in all colours.
 */
export interface StockLine {
  productId: string;
  colorId: string;
  /** The product's and the colour's names, for a message. */
  title: string;
  color: string;
  quantity: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Shares a product's stock among its colours: each gets the stock divided by the number of colours,
 * rounded down, and the remainder goes one unit each to the first colours. 100 over 3 is 34, 33, 33.
 * The migration that moved stock onto colours (0013-variant-stock) follows the same rule.
 */
export function splitStock(total: number, colors: number): number[] {
  if (colors <= 0) return [];
  const each = Math.floor(total / colors);
  const rest = total % colors;
  return Array.from({ length: colors }, (_, i) => each + (i < rest ? 1 : 0));
}

const key = (l: Pick<StockLine, 'productId' | 'colorId'>) => `${l.productId}/${l.colorId}`;

/** Lines of one variant summed, in one order (product, then colour) so two orders lock rows in the same order and cannot deadlock. */
function perVariant(lines: readonly StockLine[]): StockLine[] {
  const wanted = new Map<string, StockLine>();
  for (const l of lines) {
    const w = wanted.get(key(l));
    wanted.set(key(l), { ...l, quantity: (w?.quantity ?? 0) + l.quantity });
  }
  return [...wanted.values()].sort((a, b) => a.productId.localeCompare(b.productId) || a.colorId.localeCompare(b.colorId));
}

/** Units of each product in the lines, in product order. */
function perProduct(lines: readonly StockLine[]): [string, number][] {
  const sold = new Map<string, number>();
  for (const l of lines) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
  return [...sold.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Takes the lines from their variants' stock with a guarded update: of two orders for the last unit of
 * a colour, one updates a row and the other none; the product's other colours are untouched. Answers the
 * first line there was not enough of (the caller's transaction must then roll back what was taken
 * before it), or null when every line was taken.
 */
export async function takeStock(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<StockLine | null> {
  const variants = perVariant(lines);
  // Products first, then their colours, in id order, as every writer of both does (putBackStock, the desk):
  // two transactions never hold one each of the other's rows.
  for (const [productId, quantity] of perProduct(variants)) {
    await trx
      .updateTable('products')
      .set((eb) => ({ sold: eb('sold', '+', quantity) }))
      .where('id', '=', productId)
      .execute();
  }
  const soldOut = new Set<string>();
  for (const line of variants) {
    const taken = await trx
      .updateTable('product_colors')
      .set((eb) => ({ quantity: eb('quantity', '-', line.quantity) }))
      .where('product_id', '=', line.productId)
      .where('color_id', '=', line.colorId)
      .where('offered', '=', true)
      .where('quantity', '>=', line.quantity)
      // An archived product sells nothing, whatever a checkout started before it was archived holds.
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('products as p')
            .select('p.id')
            .whereRef('p.id', '=', 'product_colors.product_id')
            .where('p.archived_at', 'is', null),
        ),
      )
      .returning('quantity')
      .executeTakeFirst();
    if (!taken) return line;
    if (taken.quantity === 0) soldOut.add(line.productId);
  }
  // A colour that sold out changes what the store shows: every gateway's cache of the product goes.
  if (soldOut.size > 0) await recordChange(trx, [...soldOut].map(productTag));
  return null;
}

/**
 * Puts lines back in their variants' stock (a cancelled order, a refund restocked): the units are no
 * longer sold. A colour taken off the product keeps its variant row, so the units always have a home.
 */
export async function putBackStock(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<void> {
  const variants = perVariant(lines);
  for (const [productId, quantity] of perProduct(variants)) {
    await trx
      .updateTable('products')
      .set({ sold: sql<number>`greatest(sold - ${quantity}, 0)` })
      .where('id', '=', productId)
      .execute();
  }
  const backInStock = new Set<string>();
  for (const line of variants) {
    // The variant's row is kept when a colour is taken off a product; one missing still gets the units back (not offered).
    const back = await trx
      .insertInto('product_colors')
      .values({ product_id: line.productId, color_id: line.colorId, position: 1000, quantity: line.quantity, offered: false })
      .onConflict((oc) =>
        oc.columns(['product_id', 'color_id']).doUpdateSet((eb) => ({ quantity: eb('product_colors.quantity', '+', line.quantity) })),
      )
      .returning(['quantity', 'offered'])
      .executeTakeFirstOrThrow();
    if (back.offered && back.quantity === line.quantity) backInStock.add(line.productId);
  }
  // A colour back from sold out changes what the store shows.
  if (backInStock.size > 0) await recordChange(trx, [...backInStock].map(productTag));
}

/** A variant short of what is wanted, and how many it has (0 when sold out or no longer offered). */
export interface Shortage {
  line: StockLine;
  left: number;
}

/** The first variant that has fewer units than the lines want, for a checkout's early answer; null when all are there. */
export async function shortOfStock(db: Db, lines: readonly StockLine[]): Promise<Shortage | null> {
  const wanted = perVariant(lines);
  if (wanted.length === 0) return null;
  const stock = await db
    .selectFrom('product_colors')
    .select(['product_id', 'color_id', 'quantity', 'offered'])
    .where(
      'product_id',
      'in',
      wanted.map((w) => w.productId),
    )
    .execute();
  const left = new Map(stock.map((s) => [key({ productId: s.product_id, colorId: s.color_id }), s.offered ? s.quantity : 0]));
  for (const want of wanted) {
    const has = left.get(key(want)) ?? 0;
    if (has < want.quantity) return { line: want, left: has };
  }
  return null;
}

/** What a shopper is told when a variant is short: sold out, or only so many left. */
export function shortageMessage({ line, left }: Shortage): string {
  return left === 0
    ? `Sorry, ${line.title} in ${line.color} is out of stock`
    : `Sorry, only ${left} of ${line.title} in ${line.color} left in stock`;
}
