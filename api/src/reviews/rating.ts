import { sql, type Transaction } from 'kysely';
import { productTag, recordChange } from '../catalogue/changes.js';
import type { Database } from '../db/schema.js';

/**
 * Keeps a product's rating (the rounded mean and the count) to its visible reviews, in the caller's
 * transaction, and announces the product so every gateway drops what it cached of it.
 */
export async function refreshRating(trx: Transaction<Database>, productId: string): Promise<void> {
  await trx
    .updateTable('products')
    .set({
      total_rating: sql<number>`(select coalesce(round(avg(star)), 0)::int from ratings where product_id = ${productId} and hidden_at is null)`,
      rating_count: sql<number>`(select count(*)::int from ratings where product_id = ${productId} and hidden_at is null)`,
      updated_at: new Date(),
    })
    .where('id', '=', productId)
    .execute();
  await recordChange(trx, [productTag(productId)]);
}
