import { z } from 'zod';
import { isUuid } from '../domain/ids.js';
import { pageFields, versionRead } from '../http/validate.js';
import { ALT_MAX, Picture, ProductFields, stockAgrees } from './rows.js';
import { SelectionQuery } from './selection.js';

// What the catalogue desk takes: its list's filter and page, a product as it is written (the import's
// fields, catalogue/rows.ts), the version an editor read, and stock counted per colour.

/** The desk's list: a selection (catalogue/selection.ts), a page at a time. */
export const DeskProductQuery = SelectionQuery.extend(pageFields);
export type DeskProductQuery = z.infer<typeof DeskProductQuery>;

const version = versionRead('product');

/** A product as the desk writes it: the import's fields (stock is set on its own, see StockInput). */
export const DeskProductInput = ProductFields.superRefine(stockAgrees);
/** An edit: the fields with the version read; pictures left out stay as they are (the library keeps them at once). */
export const DeskProductEdit = ProductFields.extend({ version, images: ProductFields.shape.images.optional() }).superRefine(stockAgrees);
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
export type StockInput = z.infer<typeof StockInput>;

const pictureList = (field: string) =>
  z
    .array(
      z.object({
        url: z.string({ error: `${field}: each picture has its url` }),
        alt: z
          .string({ error: `${field}: each picture has its alt text (empty for none)` })
          .max(ALT_MAX, `alt is at most ${ALT_MAX} characters`),
      }),
      { error: `${field} is a list of pictures` },
    )
    .max(20, `${field} holds at most 20`);

/** The pictures kept at once, and the ones the editor had (another's change meanwhile is refused, not lost). */
export const PicturesInput = z.object({
  expected: pictureList('expected'),
  pictures: z
    .array(Picture, { error: 'pictures is a list of pictures' })
    .min(1, 'pictures needs at least one picture')
    .max(20, 'pictures holds at most 20'),
});
export type PicturesInput = z.infer<typeof PicturesInput>;
