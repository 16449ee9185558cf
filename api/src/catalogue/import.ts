import { parse as parseCsv } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { sanitizeRichText } from '@digitic/server-kit/sanitize';

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/["']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`);
const slug = z
  .string()
  .trim()
  .max(200, 'slug is at most 200 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lowercase letters, digits and single dashes')
  .optional();
const picture = z
  .string({ error: 'a picture is a URL' })
  .trim()
  .refine(
    (u) => /^https:\/\/[^\s/]+\/\S*$/i.test(u) || /^\/api\/images\/[\w/.-]+$/.test(u),
    'a picture is an https:// URL or /api/images/…',
  );
const list = (field: string, max: number, each: number) =>
  z
    .array(text(field, each), { error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} is a list`) })
    .max(max, `${field} holds at most ${max}`);

/** One product of an import: what the store shows, validated before anything is written. */
export const ProductImport = z.object({
  title: text('title', 200),
  slug,
  description: z.string({ error: 'description is required' }).max(100_000, 'description is at most 100,000 characters'),
  price: z
    .number({ error: 'price is a whole number of rupees' })
    .int('price is a whole number of rupees')
    .min(0, 'price is not negative')
    .max(100_000_000, 'price is at most 100,000,000'),
  category: text('category', 100),
  brand: text('brand', 100),
  tags: list('tags', 20, 50).default([]),
  colors: list('colors', 20, 50).min(1, 'colors needs at least one colour'),
  images: z
    .array(picture, { error: (issue) => (issue.input === undefined ? 'images is required' : 'images is a list of URLs') })
    .min(1, 'images needs at least one picture')
    .max(20, 'images holds at most 20'),
  quantity: z
    .number({ error: 'quantity is a whole number' })
    .int('quantity is a whole number')
    .min(0, 'quantity is not negative')
    .max(10_000_000)
    .default(100),
});

export const BlogImport = z.object({
  title: text('title', 200),
  slug,
  description: z
    .string({ error: 'description is required' })
    .min(1, 'description is required')
    .max(200_000, 'description is at most 200,000 characters'),
  category: text('category', 100),
  author: text('author', 100).default('Digitic Editorial'),
  images: z.array(picture, { error: 'images is a list of URLs' }).max(10, 'images holds at most 10').default([]),
});

export type ProductRow = z.infer<typeof ProductImport>;
export type BlogRow = z.infer<typeof BlogImport>;
export type Kind = 'products' | 'blogs';

export interface RawRow {
  kind: Kind;
  line: number;
  value: unknown;
}

export interface RowError {
  line: number;
  kind: Kind;
  message: string;
}

export class ImportFileError extends Error {}

/** The line each element of the top-level "products" / "blogs" arrays (or of a top-level array) starts on. */
function elementLines(source: string): { products: number[]; blogs: number[]; top: number[] } {
  const out = { products: [] as number[], blogs: [] as number[], top: [] as number[] };
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let lastKey = '';
  let current = '';
  let topIsArray: boolean | null = null;
  let arrayKey: Kind | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      else current += ch;
      continue;
    }
    if (ch === '"') {
      inString = true;
      current = '';
      continue;
    }
    if (ch === ':' && depth === 1) lastKey = current;
    if (ch === '{' || ch === '[') {
      if (depth === 0) topIsArray = ch === '[';
      if (topIsArray && depth === 1 && ch === '{') out.top.push(line);
      if (!topIsArray && depth === 1 && ch === '[') arrayKey = lastKey === 'products' || lastKey === 'blogs' ? lastKey : null;
      if (!topIsArray && depth === 2 && ch === '{' && arrayKey) out[arrayKey].push(line);
      depth++;
    } else if (ch === '}' || ch === ']') {
      depth--;
    }
  }
  return out;
}

/** Reads an import file: JSON ({"products": […], "blogs": […]}, or a plain array with `kind`) or CSV with a header row. */
export function readImportFile(source: string, format: 'json' | 'csv', kind?: Kind): RawRow[] {
  if (format === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(source);
    } catch (err) {
      throw new ImportFileError(`The file is not valid JSON: ${(err as Error).message}`);
    }
    const lines = elementLines(source);
    if (Array.isArray(data)) {
      if (!kind) throw new ImportFileError('The file is a plain list: say what it holds with --type=products or --type=blogs');
      return (data as unknown[]).map((value: unknown, i) => ({ kind, line: lines.top[i] ?? 0, value }));
    }
    if (!data || typeof data !== 'object') throw new ImportFileError('The file must hold {"products": [...], "blogs": [...]} or a list');
    const record = data as Record<string, unknown>;
    const unknownKeys = Object.keys(record).filter((k) => k !== 'products' && k !== 'blogs');
    if (unknownKeys.length > 0)
      throw new ImportFileError(`Unknown top-level key ${unknownKeys.map((k) => `"${k}"`).join(', ')}: only "products" and "blogs"`);
    const rows: RawRow[] = [];
    for (const k of ['products', 'blogs'] as const) {
      const items = record[k];
      if (items === undefined) continue;
      if (!Array.isArray(items)) throw new ImportFileError(`"${k}" must be a list`);
      items.forEach((value, i) => rows.push({ kind: k, line: lines[k][i] ?? 0, value }));
    }
    return rows;
  }
  let records: { record: Record<string, string>; line: number }[];
  try {
    const parsed: unknown = parseCsv(source, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true });
    records = (parsed as { record: Record<string, string>; info: { lines: number } }[]).map((r) => ({
      record: r.record,
      line: r.info.lines,
    }));
  } catch (err) {
    throw new ImportFileError(`The file is not valid CSV: ${(err as Error).message}`);
  }
  const columns = Object.keys(records[0]?.record ?? {});
  const csvKind: Kind = kind ?? (columns.includes('price') ? 'products' : 'blogs');
  const listOf = (v: string | undefined) =>
    v
      ? v
          .split('|')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  const numberOf = (v: string | undefined) => (v === undefined || v === '' ? undefined : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  return records.map(({ record, line }) => {
    const value: Record<string, unknown> = { ...record };
    for (const k of ['tags', 'colors', 'images']) if (k in record) value[k] = listOf(record[k]);
    for (const k of ['price', 'quantity']) if (k in record) value[k] = numberOf(record[k]);
    for (const [k, v] of Object.entries(value)) if (v === '' || v === undefined) delete value[k];
    return { kind: csvKind, line, value };
  });
}

export interface Validated {
  products: (ProductRow & { slug: string; line: number })[];
  blogs: (BlogRow & { slug: string; line: number })[];
  errors: RowError[];
}

/** Checks every row; all problems are reported (with their line), not just the first. */
export function validateRows(rows: RawRow[]): Validated {
  const out: Validated = { products: [], blogs: [], errors: [] };
  const seen = new Map<string, number>();
  for (const row of rows) {
    const schema = row.kind === 'products' ? ProductImport : BlogImport;
    const parsed = schema.safeParse(row.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        const message = issue.message.startsWith(String(issue.path[0] ?? '\u0000')) ? issue.message : `${where}${issue.message}`;
        out.errors.push({ line: row.line, kind: row.kind, message });
      }
      continue;
    }
    const slugValue = parsed.data.slug ?? slugify(parsed.data.title);
    const key = `${row.kind}:${slugValue}`;
    const first = seen.get(key);
    if (first !== undefined) {
      out.errors.push({ line: row.line, kind: row.kind, message: `slug "${slugValue}" is already used on line ${first}` });
      continue;
    }
    seen.set(key, row.line);
    if (row.kind === 'products') out.products.push({ ...(parsed.data as ProductRow), slug: slugValue, line: row.line });
    else out.blogs.push({ ...(parsed.data as BlogRow), slug: slugValue, line: row.line });
  }
  return out;
}

export interface ImportResult {
  products: { created: number; updated: number };
  blogs: { created: number; updated: number };
}

/**
 * Writes validated rows in one transaction: a product or blog with the same slug is updated, any
 * other is created, so the same file imported twice changes nothing the second time. HTML goes
 * through the shop's allow-list.
 */
export async function importRows(
  db: Kysely<Database>,
  rows: Pick<Validated, 'products' | 'blogs'>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportResult> {
  const total = rows.products.length + rows.blogs.length;
  let done = 0;
  return db.transaction().execute(async (trx) => {
    const result: ImportResult = { products: { created: 0, updated: 0 }, blogs: { created: 0, updated: 0 } };
    const colorTitles = [...new Set(rows.products.flatMap((p) => p.colors))];
    if (colorTitles.length > 0) {
      await trx
        .insertInto('colors')
        .values(colorTitles.map((title) => ({ title })))
        .onConflict((oc) => oc.column('title').doNothing())
        .execute();
    }
    const colorIds = new Map((await trx.selectFrom('colors').select(['id', 'title']).execute()).map((c) => [c.title, c.id]));
    const existingProducts = new Set(
      rows.products.length > 0
        ? (
            await trx
              .selectFrom('products')
              .select('slug')
              .where(
                'slug',
                'in',
                rows.products.map((p) => p.slug),
              )
              .execute()
          ).map((r) => r.slug)
        : [],
    );
    for (const p of rows.products) {
      const values = {
        title: p.title,
        description: sanitizeRichText(p.description),
        price: p.price,
        category: p.category,
        brand: p.brand,
        tags: p.tags,
        images: JSON.stringify(p.images.map((url) => ({ url }))),
        quantity: p.quantity,
        updated_at: new Date(),
      };
      const row = await trx
        .insertInto('products')
        .values({ ...values, slug: p.slug })
        .onConflict((oc) => oc.column('slug').doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('product_colors').where('product_id', '=', row.id).execute();
      await trx
        .insertInto('product_colors')
        .values(p.colors.map((title, position) => ({ product_id: row.id, color_id: colorIds.get(title) as string, position })))
        .execute();
      result.products[existingProducts.has(p.slug) ? 'updated' : 'created'] += 1;
      onProgress(++done, total);
    }
    const existingBlogs = new Set(
      rows.blogs.length > 0
        ? (
            await trx
              .selectFrom('blogs')
              .select('slug')
              .where(
                'slug',
                'in',
                rows.blogs.map((b) => b.slug),
              )
              .execute()
          ).map((r) => r.slug)
        : [],
    );
    for (const b of rows.blogs) {
      const values = {
        title: b.title,
        description: sanitizeRichText(b.description),
        category: b.category,
        author: b.author,
        images: JSON.stringify(b.images.map((url) => ({ url }))),
        updated_at: new Date(),
      };
      await trx
        .insertInto('blogs')
        .values({ ...values, slug: b.slug })
        .onConflict((oc) => oc.column('slug').doUpdateSet(values))
        .execute();
      result.blogs[existingBlogs.has(b.slug) ? 'updated' : 'created'] += 1;
      onProgress(++done, total);
    }
    return result;
  });
}
