import { QUANTITY } from '@digitic/shop-rules';
import type { Kysely, Transaction } from 'kysely';
import type { CartLineRecord, ExpandedCartLineRecord } from '@digitic/rest-contract';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../domain/errors.js';
import { productsByIds } from '../products/repo.js';
import { withDetails } from '../products/serialize.js';

const MAX_QUANTITY = QUANTITY.max;

const onlyLeft = (left: number, color: string) => `Sorry, only ${left} of this product left in ${color}`;

type Db = Kysely<Database> | Transaction<Database>;

/** A cart line as the shop reads it: its product and colour by id and name, priced now. */
export interface CartItem {
  lineId: string;
  productId: string;
  title: string;
  images: CartLineRecord['productId']['images'];
  colorId: string;
  color: string;
  quantity: number;
  price: number;
}

/** The caller's lines, priced at the products' current prices (what checkout will charge). */
export async function cartItems(db: Db, customerId: string, lineId?: string, lock = false): Promise<CartItem[]> {
  let query = db
    .selectFrom('cart_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('colors as c', 'c.id', 'l.color_id')
    .select(['l.id', 'l.quantity', 'p.id as product_id', 'p.title', 'p.images', 'p.price', 'c.id as color_id', 'c.title as color_title'])
    .where('l.customer_id', '=', customerId)
    .orderBy('l.created_at')
    .orderBy('l.id');
  if (lineId) query = query.where('l.id', '=', lineId);
  if (lock) query = query.forUpdate(['l']);
  const rows = await query.execute();
  return rows.map((r) => ({
    lineId: r.id,
    productId: r.product_id,
    title: r.title,
    images: r.images,
    colorId: r.color_id,
    color: r.color_title,
    quantity: r.quantity,
    price: r.price,
  }));
}

/** A line in the REST contract's shape (its product and colour as records): the one place it is made. */
const lineRecord = (i: CartItem): CartLineRecord => ({
  _id: i.lineId,
  productId: { _id: i.productId, title: i.title, images: i.images, price: i.price },
  color: { _id: i.colorId, title: i.color },
  quantity: i.quantity,
  price: i.price,
});

/** The caller's lines as the REST answer has them. */
export const cartLines = async (db: Db, customerId: string, lineId?: string): Promise<CartLineRecord[]> =>
  (await cartItems(db, customerId, lineId)).map(lineRecord);

/**
 * The caller's cart with each line's product whole (`?expand=product`), so a client shows the cart
 * and its products from one answer. The whole product holds the contract's `{_id, title, images, price}`.
 */
export async function detailedCart(db: Kysely<Database>, customerId: string): Promise<ExpandedCartLineRecord[]> {
  const items = await cartItems(db, customerId);
  const ids = [...new Set(items.map((i) => i.productId))];
  // A product archived since it was added stays in the cart (checkout names it), so nothing is lost.
  const products = new Map((await withDetails(db, await productsByIds(db, ids, 'with archived'))).map((p) => [p._id, p]));
  // A product in a cart cannot be deleted (the cart line's foreign key), so every line finds its product.
  return items.flatMap((item) => {
    const product = products.get(item.productId);
    return product ? [{ ...lineRecord(item), productId: product }] : [];
  });
}

/** What was paid for leaves the cart, in the order's transaction; anything added since stays. */
export async function removeOrderedLines(
  trx: Transaction<Database>,
  customerId: string,
  lines: readonly { productId: string; colorId: string; quantity: number }[],
): Promise<void> {
  for (const l of lines) {
    const line = trx
      .deleteFrom('cart_lines')
      .where('customer_id', '=', customerId)
      .where('product_id', '=', l.productId)
      .where('color_id', '=', l.colorId);
    await line.where('quantity', '<=', l.quantity).execute();
    await trx
      .updateTable('cart_lines')
      .set((eb) => ({ quantity: eb('quantity', '-', l.quantity), updated_at: new Date() }))
      .where('customer_id', '=', customerId)
      .where('product_id', '=', l.productId)
      .where('color_id', '=', l.colorId)
      .where('quantity', '>', l.quantity)
      .execute();
  }
}

export function cartService(db: Kysely<Database>) {
  const lineOf = async (customerId: string, lineId: string) => {
    const [line] = await cartLines(db, customerId, lineId);
    if (!line) throw notFound('Cart line not found');
    return line;
  };

  return {
    /** The caller's lines; with `wholeProducts`, each line's product whole. */
    lines: (customerId: string, wholeProducts = false) => (wholeProducts ? detailedCart(db, customerId) : cartLines(db, customerId)),

    /** Adds a product in a colour; the same product and colour again adds to that line (at most 10). */
    async add(customerId: string, input: { productId: string; color: string; quantity: number }) {
      const lineId = await db.transaction().execute(async (trx) => {
        const product = await trx
          .selectFrom('products')
          .select(['id', 'price', 'archived_at'])
          .where('id', '=', input.productId)
          .executeTakeFirst();
        if (!product) throw notFound('Product not found');
        if (product.archived_at) throw conflict('This product is no longer sold', 'productId');
        const variant = await trx
          .selectFrom('product_colors as pc')
          .innerJoin('colors as c', 'c.id', 'pc.color_id')
          .select(['pc.quantity', 'c.title'])
          .where('pc.product_id', '=', input.productId)
          .where('pc.color_id', '=', input.color)
          .where('pc.offered', '=', true)
          .executeTakeFirst();
        if (!variant) throw badRequest('This colour is not available for this product', 'color');
        if (variant.quantity === 0) throw conflict(`Sorry, this product is sold out in ${variant.title}`, 'color');
        const existing = await trx
          .selectFrom('cart_lines')
          .select(['id', 'quantity'])
          .where('customer_id', '=', customerId)
          .where('product_id', '=', input.productId)
          .where('color_id', '=', input.color)
          .forUpdate()
          .executeTakeFirst();
        if (existing) {
          const quantity = existing.quantity + input.quantity;
          if (quantity > MAX_QUANTITY) {
            throw badRequest(
              `Your cart already holds ${existing.quantity} of this product in this colour; at most ${MAX_QUANTITY} in all`,
              'quantity',
            );
          }
          if (quantity > variant.quantity) throw conflict(onlyLeft(variant.quantity, variant.title), 'quantity');
          await trx
            .updateTable('cart_lines')
            .set({ quantity, price: product.price, updated_at: new Date() })
            .where('id', '=', existing.id)
            .execute();
          return existing.id;
        }
        if (input.quantity > variant.quantity) throw conflict(onlyLeft(variant.quantity, variant.title), 'quantity');
        const row = await trx
          .insertInto('cart_lines')
          .values({
            customer_id: customerId,
            product_id: input.productId,
            color_id: input.color,
            quantity: input.quantity,
            price: product.price,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return lineOf(customerId, lineId);
    },

    async remove(customerId: string, lineId: string) {
      const result = await db.deleteFrom('cart_lines').where('id', '=', lineId).where('customer_id', '=', customerId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Cart line not found');
      return { deleted: true };
    },

    /** A line's new quantity: more than the colour has in stock is refused; fewer is always allowed. */
    async setQuantity(customerId: string, lineId: string, quantity: number) {
      const line = await db
        .selectFrom('cart_lines as l')
        .innerJoin('product_colors as pc', (j) => j.onRef('pc.product_id', '=', 'l.product_id').onRef('pc.color_id', '=', 'l.color_id'))
        .innerJoin('colors as c', 'c.id', 'l.color_id')
        .select(['l.quantity as current', 'pc.quantity as stock', 'pc.offered', 'c.title'])
        .where('l.id', '=', lineId)
        .where('l.customer_id', '=', customerId)
        .executeTakeFirst();
      if (!line) throw notFound('Cart line not found');
      const stock = line.offered ? line.stock : 0;
      if (quantity > line.current && quantity > stock) {
        throw conflict(stock === 0 ? `Sorry, this product is sold out in ${line.title}` : onlyLeft(stock, line.title), 'quantity');
      }
      const result = await db
        .updateTable('cart_lines')
        .set({ quantity, updated_at: new Date() })
        .where('id', '=', lineId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('Cart line not found');
      return lineOf(customerId, lineId);
    },

    async empty(customerId: string) {
      const result = await db.deleteFrom('cart_lines').where('customer_id', '=', customerId).executeTakeFirst();
      return { deleted: Number(result.numDeletedRows) };
    },
  };
}
