import type { CatalogueProductRecord, CatalogueProductSummaryRecord, CatalogueVariantRecord } from '@digitic/rest-contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Product } from '../db/schema.js';
import { notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

// A product as the catalogue desk reads it (its colours and their stock, its summary and its whole record),
// and the version an editor read moved on: what the desk's list, edits, stock and archiving share.

export type DeskVariant = CatalogueVariantRecord;
export type DeskProductSummary = CatalogueProductSummaryRecord;
export type DeskProduct = CatalogueProductRecord;

export type Db = Kysely<Database> | Transaction<Database>;

/** Each product's colours, offered ones first in the product's order, with their stock: one query for many products. */
export async function variantsOf(db: Db, ids: string[]): Promise<Map<string, DeskVariant[]>> {
  const out = new Map<string, DeskVariant[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as c', 'c.id', 'pc.color_id')
    .select(['pc.product_id', 'pc.color_id', 'c.title', 'pc.quantity', 'pc.offered'])
    .where('pc.product_id', 'in', ids)
    // Offered colours first, in the product's order; those taken off after them.
    .orderBy('pc.offered', 'desc')
    .orderBy('pc.position')
    .execute();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ colorId: r.color_id, color: r.title, quantity: r.quantity, offered: r.offered });
    out.set(r.product_id, list);
  }
  return out;
}

export function summary(p: Product, variants: DeskVariant[]): DeskProductSummary {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    price: p.price,
    category: p.category,
    brand: p.brand,
    image: p.images[0]?.url ?? null,
    stock: variants.filter((v) => v.offered).reduce((sum, v) => sum + v.quantity, 0),
    variants,
    archivedAt: p.archived_at ? p.archived_at.toISOString() : null,
    version: p.version,
    updatedAt: p.updated_at.toISOString(),
  };
}

/** The product's row (locked for the transaction with `lock`), or Product not found. */
export async function readProduct(trx: Db, id: string, lock = false): Promise<Product> {
  if (!isUuid(id)) throw notFound('Product not found');
  let q = trx.selectFrom('products').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const p = await q.executeTakeFirst();
  if (!p) throw notFound('Product not found');
  return p;
}

/** The product whole, as the desk's editor opens it. */
export async function productDetail(trx: Db, id: string): Promise<DeskProduct> {
  const p = await readProduct(trx, id);
  const [variants, lines] = await Promise.all([
    variantsOf(trx, [id]),
    trx
      .selectFrom('order_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  const v = variants.get(id) ?? [];
  return {
    ...summary(p, v),
    description: p.description,
    tags: p.tags,
    images: p.images.map((i) => i.url),
    pictures: p.images.map((i) => ({ url: i.url, alt: i.alt ?? '' })),
    sold: p.sold,
    orderLines: Number(lines.n),
    createdAt: p.created_at.toISOString(),
    hsnCode: p.hsn_code,
    gstRate: p.gst_rate_bp / 100,
    countryOfOrigin: p.country_of_origin,
    manufacturer: p.manufacturer,
    importer: p.importer,
  };
}

/** Moves the version the editor read to the next one, or says someone else changed the product first. */
export async function bumpVersion(trx: Transaction<Database>, id: string, read: number, set: Record<string, unknown> = {}) {
  const moved = await trx
    .updateTable('products')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('version', '=', read)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    throw versionConflict('This product was changed by someone else since you opened it. Reload it, then make your change again.');
  }
}
