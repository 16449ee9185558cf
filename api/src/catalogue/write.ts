import { describePictures } from '../photos/photos.js';
import type { Transaction } from 'kysely';
import { sanitizeRichText } from '@digitic/server-kit/sanitize';
import type { Database, ProductImage } from '../db/schema.js';
import type { CatalogueTag } from '@digitic/rest-contract';
import { type BlogRow, newProductTax, type ProductRow, stockOf } from './rows.js';
import { recordChange } from './changes.js';
import { ensureTerms } from './terms.js';

// The one place products, their colours and blogs are written from outside the shop's own calls:
// the demo seed and the catalogue import both come through here. The catalogue desk writes a product's
// own columns with the same productColumns.

export type CatalogueProduct = ProductRow & { slug: string; createdAt?: Date };
export type CatalogueBlog = BlogRow & { slug: string; createdAt?: Date };

export interface WriteCounts {
  created: number;
  updated: number;
  /** Already there and left as they were (`existing: 'keep'`). */
  kept: number;
}

/** Colours by title, created when missing; answers every colour's id. */
export async function ensureColors(trx: Transaction<Database>, titles: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(titles)];
  if (wanted.length > 0) {
    await trx
      .insertInto('colors')
      .values(wanted.map((title) => ({ title })))
      .onConflict((oc) => oc.column('title').doNothing())
      .execute();
  }
  return new Map((await trx.selectFrom('colors').select(['id', 'title']).execute()).map((c) => [c.title, c.id]));
}

/**
 * Sets a product's colours, in order, each with its stock (`undefined`: a colour it already had keeps its
 * stock, a new one has none). A colour the product no longer lists stays as a variant that is not
 * offered: its cart lines, orders and returned stock keep their row.
 */
export async function writeVariants(
  trx: Transaction<Database>,
  productId: string,
  colorIds: string[],
  stock: readonly (number | undefined)[],
): Promise<void> {
  for (const [position, colorId] of colorIds.entries()) {
    const quantity = stock[position];
    await trx
      .insertInto('product_colors')
      .values({ product_id: productId, color_id: colorId, position, quantity: quantity ?? 0, offered: true })
      .onConflict((oc) =>
        oc
          .columns(['product_id', 'color_id'])
          .doUpdateSet((eb) => ({ position, offered: true, ...(quantity === undefined ? {} : { quantity: eb.ref('excluded.quantity') }) })),
      )
      .execute();
  }
  await trx
    .updateTable('product_colors')
    .set({ offered: false })
    .where('product_id', '=', productId)
    .where('color_id', 'not in', colorIds)
    .execute();
}

/**
 * A product's own columns as every writer sets them (the desk's create and edit, the import, the seed):
 * its HTML through the shop's allow-list, its pictures described. The slug and the stamps are the caller's.
 */
export async function productColumns(trx: Transaction<Database>, p: ProductRow, before: ProductImage[] = []) {
  return {
    title: p.title,
    description: sanitizeRichText(p.description),
    price: p.price,
    category: p.category,
    brand: p.brand,
    tags: p.tags,
    images: JSON.stringify(await describePictures(trx, p.images, before)),
    // Given, they are written; not given, an update keeps them (newProductTax gives a new product its own).
    ...(p.hsnCode !== undefined ? { hsn_code: p.hsnCode } : {}),
    ...(p.gstRate !== undefined ? { gst_rate_bp: Math.round(p.gstRate * 100) } : {}),
    ...(p.countryOfOrigin !== undefined ? { country_of_origin: p.countryOfOrigin } : {}),
    ...(p.manufacturer !== undefined ? { manufacturer: p.manufacturer } : {}),
    ...(p.importer !== undefined ? { importer: p.importer } : {}),
  };
}

async function existingSlugs(trx: Transaction<Database>, table: 'products' | 'blogs', slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  return new Set((await trx.selectFrom(table).select('slug').where('slug', 'in', slugs).execute()).map((r) => r.slug));
}

/** The pictures of the products (or blogs) already here, by slug. */
async function picturesOf(trx: Transaction<Database>, table: 'products' | 'blogs', slugs: Set<string>) {
  if (slugs.size === 0) return new Map<string, ProductImage[]>();
  const rows = await trx
    .selectFrom(table)
    .select(['slug', 'images'])
    .where('slug', 'in', [...slugs])
    .execute();
  return new Map(rows.map((r) => [r.slug, r.images]));
}

/**
 * Writes products (with their colours, in order) and blogs by slug inside the caller's transaction. A
 * slug already in the shop is updated (`existing: 'update'`, the import: the same file twice changes
 * nothing the second time) or left alone (`existing: 'keep'`, the seed: stock and edits survive a
 * restart). HTML goes through the shop's allow-list.
 */
export async function writeCatalogue(
  trx: Transaction<Database>,
  rows: { products: CatalogueProduct[]; blogs: CatalogueBlog[] },
  options: { existing: 'update' | 'keep'; onProgress?: (done: number, total: number) => void },
): Promise<{ products: WriteCounts; blogs: WriteCounts }> {
  const total = rows.products.length + rows.blogs.length;
  let done = 0;
  const progress = () => options.onProgress?.(++done, total);
  const result = { products: { created: 0, updated: 0, kept: 0 }, blogs: { created: 0, updated: 0, kept: 0 } };

  const touched: CatalogueTag[] = [];
  const colorIds = await ensureColors(
    trx,
    rows.products.flatMap((p) => p.colors),
  );
  const products = await existingSlugs(
    trx,
    'products',
    rows.products.map((p) => p.slug),
  );
  // The pictures of products already here: a picture named by its address alone keeps its words.
  const pictures = await picturesOf(trx, 'products', products);
  for (const p of rows.products) {
    if (products.has(p.slug) && options.existing === 'keep') {
      result.products.kept += 1;
      progress();
      continue;
    }
    const values = { ...(await productColumns(trx, p, pictures.get(p.slug))), updated_at: p.createdAt ?? new Date() };
    const row = await trx
      .insertInto('products')
      .values({ ...newProductTax(p), ...values, slug: p.slug, ...(p.createdAt ? { created_at: p.createdAt } : {}) })
      // An update moves the version, so a desk editor who opened the product before is told to reload.
      .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ ...values, version: eb('products.version', '+', 1) })))
      .returning('id')
      .executeTakeFirstOrThrow();
    touched.push(`product:${row.id}`);
    await ensureTerms(trx, p);
    // A product already in the shop keeps its stock unless the file gives it (sales since are not undone).
    const given = p.stock !== undefined || p.quantity !== undefined;
    await writeVariants(
      trx,
      row.id,
      p.colors.map((title) => colorIds.get(title) as string),
      given || !products.has(p.slug) ? stockOf(p) : p.colors.map(() => undefined),
    );
    result.products[products.has(p.slug) ? 'updated' : 'created'] += 1;
    progress();
  }

  const blogs = await existingSlugs(
    trx,
    'blogs',
    rows.blogs.map((b) => b.slug),
  );
  const blogPictures = await picturesOf(trx, 'blogs', blogs);
  for (const b of rows.blogs) {
    if (blogs.has(b.slug) && options.existing === 'keep') {
      result.blogs.kept += 1;
      progress();
      continue;
    }
    const values = {
      title: b.title,
      description: sanitizeRichText(b.description),
      category: b.category,
      author: b.author,
      images: JSON.stringify(await describePictures(trx, b.images, blogPictures.get(b.slug))),
      updated_at: b.createdAt ?? new Date(),
    };
    const blog = await trx
      .insertInto('blogs')
      .values({ ...values, slug: b.slug, ...(b.createdAt ? { created_at: b.createdAt } : {}) })
      // An update moves the version, so a desk editor who opened the post before is told to reload.
      .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ ...values, version: eb('blogs.version', '+', 1) })))
      .returning('id')
      .executeTakeFirstOrThrow();
    touched.push(`blog:${blog.id}`);
    result.blogs[blogs.has(b.slug) ? 'updated' : 'created'] += 1;
    progress();
  }
  // Announced to the gateways: every product and blog written, and the lists that hold them.
  if (result.products.created + result.products.updated > 0) touched.push('products');
  if (result.blogs.created + result.blogs.updated > 0) touched.push('blogs');
  for (let i = 0; i < touched.length; i += 1000) await recordChange(trx, touched.slice(i, i + 1000));
  return result;
}
