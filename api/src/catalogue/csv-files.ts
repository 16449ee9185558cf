import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../domain/errors.js';
import { csvTable } from '../http/csv.js';
import { ImportFileError, importRows, readImportFile, type Validated, validateRows } from './import.js';
import { type ImportReport, planImport } from './import-plan.js';
import { changedFields, productStates } from './product-states.js';
import { offeredColours, type Selection, selectProducts } from './selection.js';

// The catalogue as a CSV file, out and in: the export writes the columns the import reads (so a file
// exported, edited in a spreadsheet and imported again changes what was edited), and a file comes in
// through the one import (catalogue/import.ts), with a dry run that lists what would change.

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
  'hsn_code',
  'gst_rate',
  'country_of_origin',
  'manufacturer',
  'importer',
  'stock_now',
] as const;

/** The most rows one file imports from the desk: a larger catalogue goes in several files (or npm run catalogue:import). */
export const IMPORT_ROWS = 5000;

export function catalogueFiles(db: Kysely<Database>) {
  return {
    /** The selected products as CSV, the import's columns: one row a product, lists |-separated, stock colour:units. */
    async exportCsv(selection: Selection, actor: Actor): Promise<string> {
      const products = await selectProducts(db, selection).selectAll().orderBy('created_at').orderBy('id').execute();
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
          p.hsn_code ?? '',
          p.gst_rate_bp / 100,
          p.country_of_origin ?? '',
          p.manufacturer ?? '',
          p.importer ?? '',
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
      const changes = errors.length === 0 ? await planImport(db, validated) : [];
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
  };
}
