import type { CatalogueTag } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { csvTable } from '../http/csv.js';
import { productTag, recordChange } from './changes.js';
import { ImportFileError, importRows, readImportFile, type Validated, validateRows } from './import.js';
import { changedFields, productStates } from './product-states.js';
import { stockOf } from './rows.js';

// The catalogue desk's bulk work: the catalogue out as CSV (the columns the import reads, so a file
// exported, edited in a spreadsheet and imported again changes what was edited), a CSV in through the one
// import (catalogue/import.ts), with a dry run that lists what would change, and price or stock changed
// on every product a filter selects.

/**
 * The columns of an export, as the import reads them, and `stock_now`: the stock per colour when the file was
 * made, for reading. The import ignores it: a file edited for its prices never puts back stock sold since.
 * To set stock by file, rename the column to `stock` (the import then takes it as counted).
 */
export const EXPORT_COLUMNS = [
  'title',
  'slug',
  'description',
  'price',
  'category',
  'brand',
  'tags',
  'colors',
  'images',
  'stock_now',
] as const;

export const SelectionQuery = z.object({
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  status: z.enum(['active', 'archived', 'all'], { error: 'status is active, archived or all' }).default('active'),
  category: z.string().trim().max(100).optional(),
  brand: z.string().trim().max(100).optional(),
});
export type Selection = z.infer<typeof SelectionQuery>;

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

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The products a desk filter selects: the list's (catalogue-desk.ts), the export's and the bulk edit's alike. */
export function selectProducts(db: Kysely<Database>, s: Selection) {
  let q = db.selectFrom('products');
  if (s.status === 'active') q = q.where('archived_at', 'is', null);
  if (s.status === 'archived') q = q.where('archived_at', 'is not', null);
  if (s.category) q = q.where('category', '=', s.category);
  if (s.brand) q = q.where('brand', '=', s.brand);
  const term = s.q;
  if (term) {
    q = q.where((eb) =>
      eb.or([
        eb('title', 'ilike', `%${escapeLike(term)}%`),
        eb('slug', '=', term.toLowerCase()),
        ...(isUuid(term) ? [eb('id', '=', term.toLowerCase())] : []),
      ]),
    );
  }
  return q;
}
const selected = selectProducts;

/** The most rows one file imports from the desk: a larger catalogue goes in several files (or npm run catalogue:import). */
export const IMPORT_ROWS = 5000;

/** The colours each product is offered in, in order, with their stock: one query for many products. */
async function offeredColours(db: Kysely<Database>, ids: string[]) {
  const rows = ids.length
    ? await db
        .selectFrom('product_colors as pc')
        .innerJoin('colors as c', 'c.id', 'pc.color_id')
        .select(['pc.product_id', 'c.title', 'pc.quantity'])
        .where('pc.product_id', 'in', ids)
        .where('pc.offered', '=', true)
        .orderBy('pc.position')
        .execute()
    : [];
  return byProduct(rows);
}

/** Rows of many products grouped by product id, in one pass. */
function byProduct<T extends { product_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.product_id);
    if (list) list.push(r);
    else map.set(r.product_id, [r]);
  }
  return map;
}

export interface ImportReport {
  dryRun: boolean;
  /** Every problem, with its line; nothing is written while there is one. */
  errors: { line: number; message: string }[];
  changes: {
    line: number;
    kind: 'product' | 'blog';
    slug: string;
    title: string;
    action: 'create' | 'update' | 'unchanged';
    fields: string[];
  }[];
  written: { products: { created: number; updated: number }; blogs: { created: number; updated: number } } | null;
}

export function bulkDesk(db: Kysely<Database>) {
  /** What each valid row would do to the shop: make a product or blog, change named fields, or nothing. */
  async function planOf(rows: Validated): Promise<ImportReport['changes']> {
    const slugs = rows.products.map((p) => p.slug);
    const existing = slugs.length ? await db.selectFrom('products').selectAll().where('slug', 'in', slugs).execute() : [];
    const ids = existing.map((p) => p.id);
    const bySlug = new Map(existing.map((p) => [p.slug, p]));
    const coloursOf = await offeredColours(db, ids);
    const out: ImportReport['changes'] = [];
    for (const row of rows.products) {
      const now = bySlug.get(row.slug);
      if (!now) {
        out.push({ line: row.line, kind: 'product', slug: row.slug, title: row.title, action: 'create', fields: [] });
        continue;
      }
      const colours = coloursOf.get(now.id) ?? [];
      const fields: string[] = [];
      if (now.title !== row.title) fields.push('title');
      if (now.description !== row.description) fields.push('description');
      if (now.price !== row.price) fields.push('price');
      if (now.category !== row.category) fields.push('category');
      if (now.brand !== row.brand) fields.push('brand');
      if (JSON.stringify(now.tags) !== JSON.stringify(row.tags)) fields.push('tags');
      if (JSON.stringify(now.images.map((i) => i.url)) !== JSON.stringify(row.images)) fields.push('images');
      if (JSON.stringify(colours.map((v) => v.title)) !== JSON.stringify(row.colors)) fields.push('colors');
      if (row.stock !== undefined || row.quantity !== undefined) {
        const given = stockOf(row);
        const had = row.colors.map((c) => colours.find((v) => v.title === c)?.quantity ?? 0);
        if (JSON.stringify(given) !== JSON.stringify(had)) fields.push('stock');
      }
      out.push({
        line: row.line,
        kind: 'product',
        slug: row.slug,
        title: row.title,
        action: fields.length ? 'update' : 'unchanged',
        fields,
      });
    }
    const blogSlugs = rows.blogs.map((b) => b.slug);
    const blogs = blogSlugs.length ? await db.selectFrom('blogs').select(['slug']).where('slug', 'in', blogSlugs).execute() : [];
    for (const b of rows.blogs) {
      const known = blogs.some((x) => x.slug === b.slug);
      out.push({ line: b.line, kind: 'blog', slug: b.slug, title: b.title, action: known ? 'update' : 'create', fields: [] });
    }
    return out.sort((a, b) => a.line - b.line);
  }

  return {
    /** The selected products as CSV, the import's columns: one row a product, lists |-separated, stock colour:units. */
    async exportCsv(selection: Selection, actor: Actor): Promise<string> {
      const products = await selected(db, selection).selectAll().orderBy('created_at').orderBy('id').execute();
      const ids = products.map((p) => p.id);
      const coloursOf = await offeredColours(db, ids);
      const rows = products.map((p) => {
        const colours = coloursOf.get(p.id) ?? [];
        return [
          p.title,
          p.slug,
          p.description,
          p.price,
          p.category,
          p.brand,
          p.tags.join('|'),
          colours.map((v) => v.title).join('|'),
          p.images.map((i) => i.url).join('|'),
          colours.map((v) => `${v.title}:${v.quantity}`).join('|'),
        ];
      });
      await recordAudit(db, actor, { action: 'catalogue.exported', after: { filter: selection, products: products.length } });
      return csvTable(EXPORT_COLUMNS, rows);
    },

    /** A CSV of products (or blogs) in, through the one import: checked whole, then written in one transaction, or only planned. */
    async importCsv(csv: string, dryRun: boolean, actor: Actor): Promise<ImportReport> {
      let validated: Validated;
      try {
        // The desk imports products (content:write is for blogs, elsewhere).
        const rows = readImportFile(csv, 'csv', 'products');
        if (rows.length > IMPORT_ROWS) {
          throw badRequest(`The file has ${rows.length} rows; the desk imports at most ${IMPORT_ROWS} at a time: split it`, 'file');
        }
        validated = validateRows(rows);
      } catch (err) {
        if (err instanceof ImportFileError) throw badRequest(err.message, 'file');
        throw err;
      }
      const errors = validated.errors.map((e) => ({ line: e.line, message: e.message }));
      const changes = errors.length === 0 ? await planOf(validated) : [];
      if (dryRun || errors.length > 0) return { dryRun, errors, changes, written: null };
      const slugs = validated.products.map((p) => p.slug);
      const written = await importRows(db, validated, undefined, async (trx) => {
        // Every product of the file as it stands, then as the import left it: the row holds each field's old and new value.
        const before = await productStates(trx, { slugs }, 'all');
        return async (result) => {
          const after = await productStates(trx, { slugs }, 'all');
          // In the file's order (the database promises none): the row reads as the file did.
          const line = new Map(slugs.map((slug, i) => [slug, i]));
          const changed = [...after.values()]
            .sort((x, y) => (line.get(x.slug) ?? 0) - (line.get(y.slug) ?? 0))
            .flatMap((now) => {
              const was = before.get(now.id);
              const moved = changedFields(was, now);
              return moved ? [{ id: now.id, slug: now.slug, action: was ? 'update' : 'create', ...moved }] : [];
            });
          await recordAudit(trx, actor, {
            action: 'catalogue.imported',
            before: { changed: changed.map((c) => ({ id: c.id, slug: c.slug, ...c.from })) },
            after: { ...result, changed: changed.map((c) => ({ id: c.id, slug: c.slug, action: c.action, ...c.to })) },
          });
        };
      });
      return { dryRun, errors, changes, written };
    },

    /** Price or stock changed on every product the filter selects (at most BULK_LIMIT), or only counted with dryRun. */
    async edit(input: BulkEdit, actor: Actor) {
      const rows = await selected(db, input.filter)
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
