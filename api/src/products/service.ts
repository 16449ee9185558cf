import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../domain/errors.js';
import { isUuid } from '../http/validate.js';
import type { ProductListQuery } from './list-query.js';
import { listProducts, productsByIds } from './repo.js';
import { withDetails } from './serialize.js';
import { refreshRating } from '../reviews/rating.js';

export const MAX_BATCH = 100;

export function productsService(db: Kysely<Database>) {
  async function getProduct(id: string) {
    const [product] = await withDetails(db, await productsByIds(db, [id]));
    if (!product) throw notFound('Product not found');
    return product;
  }

  return {
    getProduct,

    async list(query: ProductListQuery) {
      const { rows, total, totalExact } = await listProducts(db, query);
      return { products: await withDetails(db, rows), total, totalExact };
    },

    /** Products by id, in the order asked, skipping unknown and malformed ids (for the gateway's DataLoader). */
    async byIds(raw: string) {
      const ids = [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ];
      if (ids.length > MAX_BATCH) throw badRequest(`At most ${MAX_BATCH} ids at a time`, 'ids');
      // A malformed id is as unknown as a missing one: skipped, so one bad id never fails a batch.
      const found = await withDetails(db, await productsByIds(db, ids.filter(isUuid)));
      const byId = new Map(found.map((p) => [p._id, p]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async toggleWishlist(customerId: string, productId: string) {
      await db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('products')
          .select('id')
          .where('id', '=', productId)
          .where('archived_at', 'is', null)
          .executeTakeFirst();
        if (!exists) throw notFound('Product not found');
        const removed = await trx
          .deleteFrom('wishlist')
          .where('customer_id', '=', customerId)
          .where('product_id', '=', productId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) {
          await trx
            .insertInto('wishlist')
            .values({ customer_id: customerId, product_id: productId })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      });
      const rows = await db
        .selectFrom('wishlist')
        .select('product_id')
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .execute();
      return { _id: customerId, wishlist: rows.map((r) => r.product_id) };
    },

    async wishlist(customerId: string) {
      const rows = await db
        .selectFrom('wishlist as w')
        .innerJoin('products as p', 'p.id', 'w.product_id')
        .selectAll('p')
        .where('w.customer_id', '=', customerId)
        .where('p.archived_at', 'is', null)
        .orderBy('w.created_at')
        .execute();
      return { _id: customerId, wishlist: await withDetails(db, rows) };
    },

    /** One rating per customer and product: a second replaces the first. The mean of the visible ones is kept on the product. */
    async rate(customerId: string, input: { prodId: string; star: number; comment: string }) {
      await db.transaction().execute(async (trx) => {
        const product = await trx
          .selectFrom('products')
          .select('id')
          .where('id', '=', input.prodId)
          .where('archived_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!product) throw notFound('Product not found');
        await trx
          .insertInto('ratings')
          .values({ product_id: input.prodId, customer_id: customerId, star: input.star, comment: input.comment })
          .onConflict((oc) =>
            // A review a moderator hid stays hidden when its author edits it: a moderator restores it.
            oc.columns(['product_id', 'customer_id']).doUpdateSet((eb) => ({
              star: input.star,
              comment: input.comment,
              version: eb('ratings.version', '+', 1),
              updated_at: new Date(),
            })),
          )
          .execute();
        await refreshRating(trx, input.prodId);
      });
      return getProduct(input.prodId);
    },
  };
}
