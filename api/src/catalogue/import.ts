import { parse as parseCsv } from 'csv-parse/sync';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { readCsvCell } from '../http/csv.js';
import { BlogImport, type BlogRow, ProductImport, type ProductRow, slugify } from './rows.js';
import { writeCatalogue } from './write.js';

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
  // Stock per colour: black:5|white:3. Anything else is left as written, for the row's check to name.
  const stockOf = (v: string): unknown => {
    const pairs = v.split('|').map((pair) => /^\s*(.+?)\s*:\s*(\d+)\s*$/.exec(pair));
    if (pairs.some((m) => !m)) return v;
    return Object.fromEntries(pairs.map((m) => [m?.[1] as string, Number(m?.[2])]));
  };
  return records.map(({ record: raw, line }) => {
    // A cell the export kept from spreadsheet formulas ('-20% sale, a;'=b) reads as it was written (http/csv.ts).
    const record = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, readCsvCell(v)]));
    const value: Record<string, unknown> = { ...record };
    for (const k of ['tags', 'colors', 'images']) if (k in record) value[k] = listOf(record[k]);
    for (const k of ['price', 'quantity']) if (k in record) value[k] = numberOf(record[k]);
    // A CSV's columns are lowercase words: its HSN code and GST rate are the product's hsnCode and gstRate.
    if ('hsn_code' in record) value.hsnCode = record.hsn_code;
    if ('gst_rate' in record) value.gstRate = numberOf(record.gst_rate);
    delete value.hsn_code;
    delete value.gst_rate;
    if ('country_of_origin' in record) value.countryOfOrigin = record.country_of_origin;
    delete value.country_of_origin;
    if (record.stock) value.stock = stockOf(record.stock);
    // An empty cell is a value not given, but for a description, which may be empty.
    for (const [k, v] of Object.entries(value)) if ((v === '' && k !== 'description') || v === undefined) delete value[k];
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
 * other is created, so the same file imported twice changes nothing the second time.
 */
export async function importRows(
  db: Kysely<Database>,
  rows: Pick<Validated, 'products' | 'blogs'>,
  onProgress: (done: number, total: number) => void = () => {},
  /**
   * Runs in the import's transaction before anything is written (to read what is there), and what it answers
   * once everything is written (the desk's audit row, old and new values: the change and its row, or neither).
   */
  audit?: (trx: Transaction<Database>) => Promise<(result: ImportResult) => Promise<void>>,
): Promise<ImportResult> {
  const written = await db.transaction().execute(async (trx) => {
    const written_ = await audit?.(trx);
    const w = await writeCatalogue(trx, rows, { existing: 'update', onProgress });
    const result = {
      products: { created: w.products.created, updated: w.products.updated },
      blogs: { created: w.blogs.created, updated: w.blogs.updated },
    };
    await written_?.(result);
    return w;
  });
  return {
    products: { created: written.products.created, updated: written.products.updated },
    blogs: { created: written.blogs.created, updated: written.blogs.updated },
  };
}
