import type { CatalogueTag } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../domain/errors.js';
import { productTag, recordChange } from './changes.js';
import { catalogueFiles } from './csv-files.js';
import { changedFields, productStates } from './product-states.js';
import { SelectionQuery, selectProducts } from './selection.js';

// The catalogue desk's bulk work: price or stock changed on every product a filter selects
// (catalogue/selection.ts), and the catalogue out as CSV and in through the one import (catalogue/csv-files.ts).

export const BulkEdit = z
  .object({
    filter: SelectionQuery.default({ status: 'active' }),
    /** Prices: set to a figure, or moved by a percentage (-10 takes a tenth off), rounded to whole rupees. */
    price: z
      .object({
        set: z.number({ error: 'price.set is whole rupees' }).int('price.set is whole rupees').min(0).max(100_000_000).optional(),
        percent: z.number({ error: 'price.percent is a number' }).min(-90, 'price.percent is at least -90').max(500).optional(),
      })
      .refine((p) => (p.set === undefined) !== (p.percent === undefined), 'price takes set or percent, one of them')
      .optional(),
    /** Stock of every colour offered: set to a figure, or units added (negative to take; never below 0). */
    stock: z
      .object({
        set: z.number({ error: 'stock.set is whole units' }).int('stock.set is whole units').min(0).max(10_000_000).optional(),
        add: z.number({ error: 'stock.add is whole units' }).int('stock.add is whole units').min(-10_000_000).max(10_000_000).optional(),
      })
      .refine((s) => (s.set === undefined) !== (s.add === undefined), 'stock takes set or add, one of them')
      .optional(),
    dryRun: z.boolean().default(false),
  })
  .refine((b) => b.price || b.stock, 'Say what to change: price or stock');
export type BulkEdit = z.infer<typeof BulkEdit>;

/** The most products one bulk edit changes: a larger selection is narrowed first (or imported as a file). */
export const BULK_LIMIT = 5000;

export function bulkDesk(db: Kysely<Database>) {
  return {
    ...catalogueFiles(db),

    /** Price or stock changed on every product the filter selects (at most BULK_LIMIT), or only counted with dryRun. */
    async edit(input: BulkEdit, actor: Actor) {
      const rows = await selectProducts(db, input.filter)
        .select(['id', 'title', 'price'])
        .orderBy('id')
        .limit(BULK_LIMIT + 1)
        .execute();
      if (rows.length > BULK_LIMIT) throw badRequest(`The filter selects more than ${BULK_LIMIT} products: narrow it`, 'filter');
      const priceOf = (now: number) => input.price?.set ?? Math.max(0, Math.round((now * (100 + (input.price?.percent ?? 0))) / 100));
      const sample = rows
        .slice(0, 20)
        .map((r) => ({ id: r.id, title: r.title, price: r.price, newPrice: input.price ? priceOf(r.price) : r.price }));
      if (input.dryRun || rows.length === 0) return { dryRun: input.dryRun, products: rows.length, sample };
      const ids = rows.map((r) => r.id);
      await db.transaction().execute(async (trx) => {
        // Products first, then their colours, in id order (as every stock writer does).
        await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
        // Each product's price and stock per colour as it stands once locked, and as the edit leaves it: the row
        // holds both, so a bulk edit can be read back, and undone, from it.
        const before = await productStates(trx, { ids }, 'price and stock');
        if (input.price) {
          const set = input.price.set;
          await trx
            .updateTable('products')
            .set((eb) => ({
              price:
                set !== undefined ? set : sql<number>`greatest(0, round(price * ${100 + (input.price?.percent ?? 0)}::numeric / 100))::int`,
              version: eb('version', '+', 1),
              updated_at: new Date(),
            }))
            .where('id', 'in', ids)
            .execute();
        }
        if (input.stock) {
          const { set, add } = input.stock;
          await trx
            .updateTable('product_colors')
            .set({ quantity: set !== undefined ? set : sql<number>`greatest(0, quantity + ${add ?? 0})` })
            .where('product_id', 'in', ids)
            .where('offered', '=', true)
            .execute();
          if (!input.price) await trx.updateTable('products').set({ updated_at: new Date() }).where('id', 'in', ids).execute();
        }
        const after = await productStates(trx, { ids }, 'price and stock');
        const changed = [...after.values()].flatMap((now) => {
          const moved = changedFields(before.get(now.id), now);
          return moved ? [{ id: now.id, ...moved }] : [];
        });
        await recordAudit(trx, actor, {
          action: 'catalogue.bulk_edit',
          before: { changed: changed.map((c) => ({ id: c.id, ...c.from })) },
          after: {
            filter: input.filter,
            price: input.price ?? null,
            stock: input.stock ?? null,
            products: ids.length,
            changed: changed.map((c) => ({ id: c.id, ...c.to })),
          },
        });
        const tags: CatalogueTag[] = [...(input.price ? (['products'] as const) : []), ...ids.map(productTag)];
        for (let i = 0; i < tags.length; i += 1000) await recordChange(trx, tags.slice(i, i + 1000));
      });
      return { dryRun: false, products: ids.length, sample };
    },
  };
}

export type BulkDesk = ReturnType<typeof bulkDesk>;
