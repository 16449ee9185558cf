import type { CatalogueProductListRecord } from '@digitic/rest-contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { productTag, recordChange } from './changes.js';
import { newProductTax, slugify, stockOf } from './rows.js';
import { ensureColors, productColumns, writeVariants } from './write.js';
import { ensureTerms } from './terms.js';
import { selectProducts } from './selection.js';
import { productArchive } from './archive.js';
import { productStock } from './stock.js';
import { productPictures } from './pictures.js';
import { recordEdit, snapshot } from './edits.js';
import { bumpVersion, type Db, type DeskProduct, productDetail, readProduct, summary, variantsOf } from './desk-product.js';
import type { DeskProductEdit, DeskProductInput, DeskProductQuery } from './desk-schemas.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict } from '../domain/errors.js';
import { pageOf } from '../db/page.js';

// The catalogue desk: products created, edited, archived and restored, and their stock per colour set,
// by staff with catalogue:write. Each change is checked with the import's rules (catalogue/rows.ts, one
// definition of a product), written with the version the editor read, audited, and announced in the
// catalogue's change log so every gateway drops what it cached of the product at once. Its inputs are
// catalogue/desk-schemas.ts; archiving is catalogue/archive.ts, stock catalogue/stock.ts.

export interface CatalogueDeskDeps {
  db: Kysely<Database>;
  /** LOW_STOCK_THRESHOLD: a colour with this many units or fewer is on the dashboard's low-stock list. */
  lowStockThreshold: number;
}

/** The product (other than `except`) at this address, if any. */
async function slugTaken(trx: Db, slug: string, except?: string) {
  let q = trx.selectFrom('products').select(['id', 'title']).where('slug', '=', slug);
  if (except) q = q.where('id', '!=', except);
  return q.executeTakeFirst();
}

export function catalogueDesk({ db, lowStockThreshold }: CatalogueDeskDeps) {
  return {
    lowStockThreshold,

    async list(query: DeskProductQuery): Promise<CatalogueProductListRecord> {
      const q = selectProducts(db, query);
      const { rows, total } = await pageOf(q, query, (q) => q.selectAll().orderBy('updated_at', 'desc').orderBy('id'));
      const variants = await variantsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        products: rows.map((p) => summary(p, variants.get(p.id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    get: (id: string) => productDetail(db, id),

    async create(input: DeskProductInput, actor: Actor): Promise<DeskProduct> {
      const slug = input.slug ?? slugify(input.title);
      if (!slug) throw badRequest('The title needs a letter or a digit to make the product’s address from', 'title');
      const id = await db.transaction().execute(async (trx) => {
        const taken = await slugTaken(trx, slug);
        if (taken) throw conflict(`The address “${slug}” is already used by ${taken.title}`, 'slug');
        const colorIds = await ensureColors(trx, input.colors);
        await ensureTerms(trx, input);
        const row = await trx
          .insertInto('products')
          .values({ ...newProductTax(input), ...(await productColumns(trx, input)), slug })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeVariants(
          trx,
          row.id,
          input.colors.map((c) => colorIds.get(c) as string),
          input.stock || input.quantity !== undefined ? stockOf(input) : input.colors.map(() => 0),
        );
        const made = await productDetail(trx, row.id);
        await recordAudit(trx, actor, { action: 'product.created', subject: { kind: 'product', id: row.id }, after: made });
        await recordChange(trx, [productTag(row.id), 'products']);
        return row.id;
      });
      return productDetail(db, id);
    },

    async update(id: string, input: DeskProductEdit, actor: Actor): Promise<DeskProduct> {
      await db.transaction().execute(async (trx) => {
        const before = await readProduct(trx, id, true);
        const beforeVariants = (await variantsOf(trx, [id])).get(id) ?? [];
        const slug = input.slug ?? before.slug;
        const taken = await slugTaken(trx, slug, id);
        if (taken) throw conflict(`The address “${slug}” is already used by ${taken.title}`, 'slug');
        // Pictures left out stay as they are; named by address alone, they keep their words.
        const columns = await productColumns(trx, { ...input, images: input.images ?? before.images }, before.images);
        await bumpVersion(trx, id, input.version, { ...columns, slug });
        const colorIds = await ensureColors(trx, input.colors);
        await ensureTerms(trx, input);
        // Stock stays as it is for colours the product had (setStock changes it, against the count read); a new
        // colour starts with the stock given, or none.
        const had = new Set(beforeVariants.map((v) => v.colorId));
        await writeVariants(
          trx,
          id,
          input.colors.map((c) => colorIds.get(c) as string),
          input.colors.map((c) => (had.has(colorIds.get(c) as string) ? undefined : (input.stock?.[c] ?? 0))),
        );
        const after = await readProduct(trx, id);
        const afterVariants = (await variantsOf(trx, [id])).get(id) ?? [];
        const was = snapshot(before, beforeVariants);
        const now = snapshot(after, afterVariants);
        await recordEdit(trx, actor, id, was, now);
      });
      return productDetail(db, id);
    },

    ...productArchive(db),
    ...productStock(db, lowStockThreshold),
    ...productPictures(db),
  };
}

export type CatalogueDesk = ReturnType<typeof catalogueDesk>;
