import type { CatalogueTag } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { conflict, notFound } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { productTag, recordChange } from './changes.js';
import { SWATCH } from './rows.js';

// The catalogue's colours: a swatch value (a CSS colour the storefront paints) and a name. A new swatch or
// name shows on every product in the colour (it is one row); one a product, a cart or an order names stays.

const swatch = z
  .string({ error: 'swatch is required' })
  .trim()
  .min(1, 'swatch is required')
  .max(40, 'swatch is at most 40 characters')
  // A CSS colour the storefront paints: a name (black, rebeccapurple) or #rgb / #rrggbb.
  .regex(SWATCH, 'swatch is a CSS colour: a name like black, or #rrggbb');
export const ColorInput = z.object({
  swatch,
  name: z.string().trim().min(1, 'name is required').max(60, 'name is at most 60 characters').optional(),
});

/** The colours' part of the vocabulary desk: each change answers the vocabulary as it now is (`list`). */
export function colourDesk<T>(db: Kysely<Database>, list: () => Promise<T>) {
  return {
    async addColor(input: z.infer<typeof ColorInput>, actor: Actor) {
      await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('colors')
          .values({ title: input.swatch.toLowerCase(), name: input.name ?? null })
          .onConflict((oc) => oc.column('title').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!made) throw conflict(`A colour with the swatch ${input.swatch} is there already`, 'swatch');
        await recordAudit(trx, actor, { action: 'catalogue.color_added', subject: { kind: 'color', id: made.id }, after: input });
      });
      return list();
    },

    /** A colour's new swatch or name: every product in it shows the change (it is one row). */
    async updateColor(id: string, input: z.infer<typeof ColorInput>, actor: Actor) {
      if (!isUuid(id)) throw notFound('Colour not found');
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('colors').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) throw notFound('Colour not found');
        const clash = await trx
          .selectFrom('colors')
          .select('id')
          .where('title', '=', input.swatch.toLowerCase())
          .where('id', '!=', id)
          .executeTakeFirst();
        if (clash) throw conflict(`Another colour has the swatch ${input.swatch}`, 'swatch');
        await trx
          .updateTable('colors')
          .set({ title: input.swatch.toLowerCase(), name: input.name ?? null })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'catalogue.color_updated',
          subject: { kind: 'color', id },
          before: { swatch: before.title, name: before.name },
          after: { swatch: input.swatch.toLowerCase(), name: input.name ?? null },
        });
        const products = await trx.selectFrom('product_colors').select('product_id').where('color_id', '=', id).execute();
        const tags: CatalogueTag[] = ['products', ...products.map((p) => productTag(p.product_id))];
        for (let i = 0; i < tags.length; i += 1000) await recordChange(trx, tags.slice(i, i + 1000));
      });
      return list();
    },

    /** Deletes a colour no product, cart or order has ever named. */
    async removeColor(id: string, actor: Actor) {
      if (!isUuid(id)) throw notFound('Colour not found');
      await db.transaction().execute(async (trx) => {
        const color = await trx.selectFrom('colors').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!color) throw notFound('Colour not found');
        const count = (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
          q.executeTakeFirstOrThrow().then((r) => Number(r.n));
        const [offered, carts, orders] = await Promise.all([
          count(
            trx
              .selectFrom('product_colors')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('color_id', '=', id)
              .where('offered', '=', true),
          ),
          count(
            trx
              .selectFrom('cart_lines')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('color_id', '=', id),
          ),
          count(
            trx
              .selectFrom('order_items')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('color_id', '=', id),
          ),
        ]);
        // A checkout being paid names its lines' colours: its order will need the colour's row.
        const paying = await count(
          trx
            .selectFrom('checkouts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['started', 'paid'])
            .where(sql<boolean>`lines @> ${JSON.stringify([{ colorId: id }])}::jsonb`),
        );
        const name = color.name ?? color.title;
        if (offered > 0)
          throw conflict(`${offered} product${offered === 1 ? ' comes' : 's come'} in ${name}: take it off them first`, 'id');
        if (carts > 0) throw conflict(`${carts} cart line${carts === 1 ? ' holds' : 's hold'} ${name}: it stays for them`, 'id');
        if (orders > 0 || paying > 0) throw conflict(`Orders name ${name}: it stays for them`, 'id');
        // Products it was taken off keep a row of it for nothing now: those go with it.
        await trx.deleteFrom('product_colors').where('color_id', '=', id).execute();
        await trx.deleteFrom('colors').where('id', '=', id).execute();
        await recordAudit(trx, actor, {
          action: 'catalogue.color_deleted',
          subject: { kind: 'color', id },
          before: { swatch: color.title, name: color.name },
        });
      });
      return list();
    },
  };
}
