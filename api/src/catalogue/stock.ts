import type { LowStockRecord } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest, versionConflict } from '../domain/errors.js';
import { productTag, recordChange } from './changes.js';
import { type DeskProduct, productDetail, readProduct, variantsOf } from './desk-product.js';
import type { StockInput } from './desk-schemas.js';

// A product's stock per colour, as staff count it, and the colours running low (the dashboard's list).

export function productStock(db: Kysely<Database>, lowStockThreshold: number) {
  return {
    /**
     * Sets colours' stock to what was counted. Each change names the stock the editor read: if an order
     * took a unit meanwhile, the change is refused (naming the colour) rather than overwriting the sale.
     */
    async setStock(id: string, { changes }: StockInput, actor: Actor): Promise<DeskProduct> {
      if (new Set(changes.map((c) => c.colorId)).size !== changes.length) throw badRequest('A colour is named twice', 'changes');
      await db.transaction().execute(async (trx) => {
        await readProduct(trx, id, true);
        const variants = (await variantsOf(trx, [id])).get(id) ?? [];
        for (const change of changes) {
          const variant = variants.find((v) => v.colorId === change.colorId.toLowerCase());
          if (!variant) throw badRequest('This product does not come in that colour', 'changes');
          const set = await trx
            .updateTable('product_colors')
            .set({ quantity: change.quantity })
            .where('product_id', '=', id)
            .where('color_id', '=', variant.colorId)
            .where('quantity', '=', change.expected)
            .executeTakeFirst();
          if (Number(set.numUpdatedRows) !== 1) {
            const now = await trx
              .selectFrom('product_colors')
              .select('quantity')
              .where('product_id', '=', id)
              .where('color_id', '=', variant.colorId)
              .executeTakeFirst();
            throw versionConflict(
              `The stock of ${variant.color} changed since you read it (an order or a refund): it is now ${now?.quantity ?? variant.quantity}. Count again from there.`,
            );
          }
        }
        await trx.updateTable('products').set({ updated_at: new Date() }).where('id', '=', id).execute();
        await recordAudit(trx, actor, {
          action: 'product.stock',
          subject: { kind: 'product', id },
          before: Object.fromEntries(changes.map((c) => [variants.find((v) => v.colorId === c.colorId.toLowerCase())?.color, c.expected])),
          after: Object.fromEntries(changes.map((c) => [variants.find((v) => v.colorId === c.colorId.toLowerCase())?.color, c.quantity])),
        });
        await recordChange(trx, [productTag(id)]);
      });
      return productDetail(db, id);
    },

    /** Colours in the store with LOW_STOCK_THRESHOLD units or fewer, fewest first. */
    async lowStock(limit = 50): Promise<LowStockRecord> {
      const rows = await db
        .selectFrom('product_colors as pc')
        .innerJoin('products as p', 'p.id', 'pc.product_id')
        .innerJoin('colors as c', 'c.id', 'pc.color_id')
        .select(['p.id', 'p.title', 'c.id as color_id', 'c.title as color', 'pc.quantity'])
        .where('pc.offered', '=', true)
        .where('pc.quantity', '<=', lowStockThreshold)
        .where('p.archived_at', 'is', null)
        .orderBy('pc.quantity')
        .orderBy(sql`lower(p.title)`)
        .orderBy('c.title')
        .limit(limit)
        .execute();
      return {
        threshold: lowStockThreshold,
        items: rows.map((r) => ({ productId: r.id, title: r.title, colorId: r.color_id, color: r.color, quantity: r.quantity })),
      };
    },
  };
}
