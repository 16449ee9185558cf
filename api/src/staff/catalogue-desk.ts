import { sanitizeRichText } from '@digitic/server-kit/sanitize';
import type {
  CatalogueProductListRecord,
  CatalogueProductRecord,
  CatalogueProductSummaryRecord,
  CatalogueTag,
  CatalogueVariantRecord,
  LowStockRecord,
} from '@digitic/rest-contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { productTag, recordChange } from '../catalogue/changes.js';
import { ProductFields, slugify, stockAgrees, stockOf } from '../catalogue/rows.js';
import { ensureColors, writeVariants } from '../catalogue/write.js';
import { ensureTerms } from '../catalogue/terms.js';
import { selectProducts } from '../catalogue/bulk.js';
import { describePictures } from '../photos/photos.js';
import type { Database, Product } from '../db/schema.js';
import { badRequest, conflict, notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

// The catalogue desk: products created, edited, archived and restored, and their stock per colour set,
// by staff with catalogue:write. Each change is checked with the import's rules (catalogue/rows.ts, one
// definition of a product), written with the version the editor read, audited, and announced in the
// catalogue's change log so every gateway drops what it cached of the product at once.

export const DeskProductQuery = z.object({
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  status: z.enum(['active', 'archived', 'all'], { error: 'status is active, archived or all' }).default('active'),
  category: z.string().trim().max(100).optional(),
  brand: z.string().trim().max(100).optional(),
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize is a whole number' }).int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type DeskProductQuery = z.infer<typeof DeskProductQuery>;

const version = z.number({ error: 'version is the product version you read' }).int().min(0);

/** A product as the desk writes it: the import's fields (stock is set on its own, see StockInput). */
export const DeskProductInput = ProductFields.superRefine(stockAgrees);
export const DeskProductEdit = ProductFields.extend({ version }).superRefine(stockAgrees);
export type DeskProductInput = z.infer<typeof DeskProductInput>;
export type DeskProductEdit = z.infer<typeof DeskProductEdit>;
export const VersionInput = z.object({ version });

export const StockInput = z.object({
  changes: z
    .array(
      z.object({
        colorId: z.string({ error: 'colorId is required' }).refine(isUuid, 'colorId is not a colour id'),
        quantity: z
          .number({ error: 'quantity is a whole number of units' })
          .int('quantity is a whole number of units')
          .min(0, 'quantity is not negative')
          .max(10_000_000, 'quantity is at most 10,000,000'),
        /** The stock the editor read: if an order took a unit since, the change is refused rather than lost. */
        expected: z.number({ error: 'expected is the stock you read' }).int().min(0),
      }),
      { error: 'changes is a list of colours and their stock' },
    )
    .min(1, 'changes names at least one colour')
    .max(50, 'changes holds at most 50 colours'),
});

export type DeskVariant = CatalogueVariantRecord;
export type DeskProductSummary = CatalogueProductSummaryRecord;
export type DeskProduct = CatalogueProductRecord;

type Db = Kysely<Database> | Transaction<Database>;

async function variantsOf(db: Db, ids: string[]): Promise<Map<string, DeskVariant[]>> {
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

function summary(p: Product, variants: DeskVariant[]): DeskProductSummary {
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

/** The fields an audit row and a change compare: what the product was and is. */
function snapshot(p: Product, variants: DeskVariant[]) {
  return {
    title: p.title,
    slug: p.slug,
    price: p.price,
    category: p.category,
    brand: p.brand,
    tags: p.tags,
    images: p.images.map((i) => i.url),
    colors: variants.filter((v) => v.offered).map((v) => v.color),
    description: p.description,
  };
}

/** What a shopper's lists show or sort by: a change to any of these moves the product in a list, a filter or the facets. */
const LISTED: (keyof ReturnType<typeof snapshot>)[] = ['title', 'price', 'category', 'brand', 'tags', 'images', 'colors'];

export interface CatalogueDeskDeps {
  db: Kysely<Database>;
  /** LOW_STOCK_THRESHOLD: a colour with this many units or fewer is on the dashboard's low-stock list. */
  lowStockThreshold: number;
}

export function catalogueDesk({ db, lowStockThreshold }: CatalogueDeskDeps) {
  async function read(trx: Db, id: string, lock = false): Promise<Product> {
    if (!isUuid(id)) throw notFound('Product not found');
    let q = trx.selectFrom('products').selectAll().where('id', '=', id);
    if (lock) q = q.forUpdate();
    const p = await q.executeTakeFirst();
    if (!p) throw notFound('Product not found');
    return p;
  }

  async function detail(trx: Db, id: string): Promise<DeskProduct> {
    const p = await read(trx, id);
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
      sold: p.sold,
      orderLines: Number(lines.n),
      createdAt: p.created_at.toISOString(),
    };
  }

  async function slugTaken(trx: Db, slug: string, except?: string) {
    let q = trx.selectFrom('products').select(['id', 'title']).where('slug', '=', slug);
    if (except) q = q.where('id', '!=', except);
    return q.executeTakeFirst();
  }

  /** Moves the version the editor read to the next one, or says someone else changed the product first. */
  async function bump(trx: Transaction<Database>, id: string, read: number, set: Record<string, unknown> = {}) {
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

  /** Archives a product (out of the store) or restores it: versioned, audited, announced. */
  async function setArchived(id: string, read_: number, archived: boolean, actor: Actor): Promise<DeskProduct> {
    await db.transaction().execute(async (trx) => {
      const p = await read(trx, id, true);
      if (Boolean(p.archived_at) === archived) {
        throw conflict(archived ? 'This product is archived already' : 'This product is in the store already', 'status');
      }
      await bump(trx, id, read_, { archived_at: archived ? new Date() : null });
      await recordAudit(trx, actor, {
        action: archived ? 'product.archived' : 'product.restored',
        subject: { kind: 'product', id },
        before: { archived: !archived },
        after: { archived },
      });
      await recordChange(trx, [productTag(id), 'products']);
    });
    return detail(db, id);
  }

  return {
    lowStockThreshold,

    async list(query: DeskProductQuery): Promise<CatalogueProductListRecord> {
      const q = selectProducts(db, query);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy('id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const variants = await variantsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        products: rows.map((p) => summary(p, variants.get(p.id) ?? [])),
        total: Number(count.n),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    get: (id: string) => detail(db, id),

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
          .values({
            title: input.title,
            slug,
            description: sanitizeRichText(input.description),
            price: input.price,
            category: input.category,
            brand: input.brand,
            tags: input.tags,
            images: JSON.stringify(await describePictures(trx, input.images)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeVariants(
          trx,
          row.id,
          input.colors.map((c) => colorIds.get(c) as string),
          input.stock || input.quantity !== undefined ? stockOf(input) : input.colors.map(() => 0),
        );
        const made = await detail(trx, row.id);
        await recordAudit(trx, actor, { action: 'product.created', subject: { kind: 'product', id: row.id }, after: made });
        await recordChange(trx, [productTag(row.id), 'products']);
        return row.id;
      });
      return detail(db, id);
    },

    async update(id: string, input: DeskProductEdit, actor: Actor): Promise<DeskProduct> {
      await db.transaction().execute(async (trx) => {
        const before = await read(trx, id, true);
        const beforeVariants = (await variantsOf(trx, [id])).get(id) ?? [];
        const slug = input.slug ?? before.slug;
        const taken = await slugTaken(trx, slug, id);
        if (taken) throw conflict(`The address “${slug}” is already used by ${taken.title}`, 'slug');
        await bump(trx, id, input.version, {
          title: input.title,
          slug,
          description: sanitizeRichText(input.description),
          price: input.price,
          category: input.category,
          brand: input.brand,
          tags: input.tags,
          images: JSON.stringify(await describePictures(trx, input.images)),
        });
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
        const after = await read(trx, id);
        const afterVariants = (await variantsOf(trx, [id])).get(id) ?? [];
        const was = snapshot(before, beforeVariants);
        const now = snapshot(after, afterVariants);
        const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
        await recordAudit(trx, actor, {
          action: 'product.updated',
          subject: { kind: 'product', id },
          before: Object.fromEntries(changed.map((k) => [k, was[k]])),
          after: Object.fromEntries(changed.map((k) => [k, now[k]])),
        });
        const tags: CatalogueTag[] = [productTag(id)];
        if (changed.some((k) => LISTED.includes(k))) tags.push('products');
        await recordChange(trx, tags);
      });
      return detail(db, id);
    },

    /** Withdraws a product from the store: its page answers 404, lists and the sitemap drop it; orders and carts keep it. */
    archive: (id: string, read_: number, actor: Actor) => setArchived(id, read_, true, actor),
    restore: (id: string, read_: number, actor: Actor) => setArchived(id, read_, false, actor),

    /**
     * Sets colours' stock to what was counted. Each change names the stock the editor read: if an order
     * took a unit meanwhile, the change is refused (naming the colour) rather than overwriting the sale.
     */
    async setStock(id: string, { changes }: z.infer<typeof StockInput>, actor: Actor): Promise<DeskProduct> {
      if (new Set(changes.map((c) => c.colorId)).size !== changes.length) throw badRequest('A colour is named twice', 'changes');
      await db.transaction().execute(async (trx) => {
        await read(trx, id, true);
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
      return detail(db, id);
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

export type CatalogueDesk = ReturnType<typeof catalogueDesk>;
