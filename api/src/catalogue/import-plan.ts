import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Validated } from './import.js';
import { stockOf } from './rows.js';
import { offeredColours } from './selection.js';

// What a catalogue file would do, for the desk's dry run: each valid row makes a product or a blog,
// changes named fields, or nothing.

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

/** What each valid row would do to the shop: make a product or blog, change named fields, or nothing. */
export async function planImport(db: Kysely<Database>, rows: Validated): Promise<ImportReport['changes']> {
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
    if (row.hsnCode !== undefined && now.hsn_code !== row.hsnCode) fields.push('hsnCode');
    if (row.gstRate !== undefined && now.gst_rate_bp !== Math.round(row.gstRate * 100)) fields.push('gstRate');
    if (row.countryOfOrigin !== undefined && now.country_of_origin !== row.countryOfOrigin) fields.push('countryOfOrigin');
    if (row.manufacturer !== undefined && now.manufacturer !== row.manufacturer) fields.push('manufacturer');
    if (row.importer !== undefined && now.importer !== row.importer) fields.push('importer');
    // A picture given by address alone keeps its words: only words given can change them.
    const words = (url: string) => now.images.find((i) => i.url === url)?.alt ?? '';
    const pictures = (list: { url: string; alt?: string }[], given: boolean) =>
      JSON.stringify(list.map((i) => [i.url, given && i.alt !== undefined ? i.alt : words(i.url)]));
    if (pictures(now.images, false) !== pictures(row.images, true)) fields.push('images');
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
