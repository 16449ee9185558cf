import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** What an order takes from stock, or puts back: a product and how many. */
export interface StockLine {
  productId: string;
  title: string;
  quantity: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Lines of one product summed, in one order of ids (so two orders lock rows in the same order and cannot deadlock). */
function perProduct(lines: readonly StockLine[]): StockLine[] {
  const wanted = new Map<string, StockLine>();
  for (const l of lines) {
    const w = wanted.get(l.productId);
    wanted.set(l.productId, { ...l, quantity: (w?.quantity ?? 0) + l.quantity });
  }
  return [...wanted.values()].sort((a, b) => a.productId.localeCompare(b.productId));
}

/**
 * Takes the lines from stock with a guarded update: of two orders for the last unit, one updates a row
 * and the other none. Answers the first line there was not enough of (the caller's transaction must
 * then roll back what was taken before it), or null when every line was taken.
 */
export async function takeStock(trx: Transaction<Database>, lines: readonly StockLine[]): Promise<StockLine | null> {
  for (const line of perProduct(lines)) {
    const taken = await trx
      .updateTable('products')
      .set((eb) => ({ quantity: eb('quantity', '-', line.quantity), sold: eb('sold', '+', line.quantity) }))
      .where('id', '=', line.productId)
      .where('quantity', '>=', line.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return line;
  }
  return null;
}

/** Puts lines back in stock (a cancelled order, a return restocked): the units are no longer sold. */
export async function putBackStock(db: Db, lines: readonly StockLine[]): Promise<void> {
  for (const line of perProduct(lines)) {
    await db
      .updateTable('products')
      .set((eb) => ({ quantity: eb('quantity', '+', line.quantity), sold: sql<number>`greatest(sold - ${line.quantity}, 0)` }))
      .where('id', '=', line.productId)
      .execute();
  }
}

/** How many of each product are wanted but not in stock now: the first short line, for a checkout's early answer. */
export async function shortOfStock(db: Db, lines: readonly StockLine[]): Promise<{ line: StockLine; left: number } | null> {
  const wanted = perProduct(lines);
  if (wanted.length === 0) return null;
  const stock = await db
    .selectFrom('products')
    .select(['id', 'title', 'quantity'])
    .where(
      'id',
      'in',
      wanted.map((w) => w.productId),
    )
    .execute();
  for (const p of stock) {
    const want = wanted.find((w) => w.productId === p.id);
    if (want && p.quantity < want.quantity) return { line: { ...want, title: p.title }, left: p.quantity };
  }
  return null;
}
