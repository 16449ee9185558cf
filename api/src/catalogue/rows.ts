import { originProblem, DEFAULT_GST_RATE, GST_RATES, gstRateProblem, HSN_BY_CATEGORY, hsnProblem } from '@digitic/shop-rules';
import { PHOTO_URL } from '../photos/url.js';
import { z } from 'zod';
import { splitStock } from '../products/stock.js';

/** A colour as the storefront paints it (a swatch's CSS background): a colour name, or #rgb / #rrggbb. Nothing else reaches a style. */
export const SWATCH = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{3,30})$/i;

/** A product imported with neither `quantity` nor `stock` has this many units in all its colours. */
export const DEFAULT_STOCK = 100;

// What a product and a blog of the catalogue are, checked before anything is written: the rows of a
// catalogue import, and the demo catalogue the seed writes, have these shapes.

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
const pictureUrl = z
  .string({ error: 'a picture is a URL' })
  .trim()
  .refine(
    (u) => /^https:\/\/[^\s/]+\/\S*$/i.test(u) || /^\/api\/images\/[\w/.-]+$/.test(u) || PHOTO_URL.test(u),
    'a picture is an uploaded photo (/api/photos/…), an https:// URL or /api/images/…',
  );
/** What a picture shows, for people who cannot see it: one line of plain words. */
export const ALT_MAX = 250;
/** What a line of words may not hold: control and invisible format characters, and line or paragraph breaks. */
export const ALT_UNSAID = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const altText = z
  .string({ error: 'alt is the words a screen reader says for the picture' })
  .trim()
  .max(ALT_MAX, `alt is at most ${ALT_MAX} characters`)
  .refine((t) => !ALT_UNSAID.test(t), 'alt is plain words on one line (no control, invisible or line-break characters)');
/**
 * A picture: its address, or its address and what it shows (`{ url, alt }`). A picture given by its address
 * alone keeps the words it already had at that address (an import of the shop's own file loses none); an
 * empty `alt` says none.
 */
export const Picture = z
  .union([pictureUrl, z.object({ url: pictureUrl, alt: altText })], { error: 'a picture is a URL, or a URL and its alt text' })
  .transform((p) => (typeof p === 'string' ? { url: p } : p));
export type Picture = z.output<typeof Picture>;
const picture = Picture;
const units = (field: string) =>
  z
    .number({ error: `${field} is a whole number of units` })
    .int(`${field} is a whole number of units`)
    .min(0, `${field} is not negative`)
    .max(10_000_000, `${field} is at most 10,000,000`);
const list = (field: string, max: number, each: number) =>
  z
    .array(text(field, each), { error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} is a list`) })
    .max(max, `${field} holds at most ${max}`);

/** A name and an address on one or a few lines: absent keeps what is there, blank or null clears it. */
const maker = (field: string) =>
  z
    .string({ error: `${field} is a name and an address, as text` })
    .trim()
    .max(300, `${field} is at most 300 characters`)
    .refine((v) => !/(?![\n\r])\p{Cc}/u.test(v), `${field} has a character that is not text`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A product's fields: what the store shows, validated before anything is written (the import's rows, the desk's edits). */
export const ProductFields = z.object({
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
  colors: z
    .array(
      z
        .string({ error: 'colors is a list' })
        .trim()
        .regex(SWATCH, 'each colour is a CSS colour the storefront paints: a name like black, or #rrggbb'),
      { error: (issue) => (issue.input === undefined ? 'colors is required' : 'colors is a list') },
    )
    .min(1, 'colors needs at least one colour')
    .max(20, 'colors holds at most 20'),
  images: z
    .array(picture, { error: (issue) => (issue.input === undefined ? 'images is required' : 'images is a list of pictures') })
    .min(1, 'images needs at least one picture')
    .max(20, 'images holds at most 20'),
  /** Its HSN code: absent keeps what it has (a new product takes its category's, if the shop knows one); blank or null clears it. */
  hsnCode: z
    .string({ error: 'hsnCode is the HSN code, 4, 6 or 8 digits' })
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => !v || !hsnProblem(v), 'hsnCode is 4, 6 or 8 digits (an HSN code)'),
  /** Its GST rate, percent: absent keeps what it has (a new product: 18). */
  gstRate: z
    .number({ error: 'gstRate is a percentage' })
    .refine((r) => !gstRateProblem(r), `gstRate is one of ${GST_RATES.join(', ')} (percent)`)
    .optional(),
  /** Its country of origin, a two-letter code (ISO 3166-1): absent keeps what it has; blank or null clears it. */
  countryOfOrigin: z
    .string({ error: 'countryOfOrigin is a two-letter country code (ISO 3166-1), such as IN or CN' })
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null))
    .superRefine((v, ctx) => {
      const problem = v ? originProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: `countryOfOrigin: ${problem}` });
    }),
  /** Who made it, a name and an address (Legal Metrology): absent keeps it; blank or null clears it. */
  manufacturer: maker('manufacturer'),
  /** Who imported it, for goods made abroad: a name and an address. */
  importer: maker('importer'),
  /** Stock in all colours, shared among them by the shop's rule (products/stock.ts splitStock) when `stock` is not given. */
  quantity: units('quantity').optional(),
  /** Stock per colour, by colour: `{"black": 5, "white": 3}` (CSV: `black:5|white:3`); a colour not named has none. */
  stock: z.record(z.string(), units('stock'), { error: 'stock is colour:units pairs, like black:5|white:3' }).optional(),
});

/** Stock names only the product's colours, and agrees with quantity when both are given. */
export function stockAgrees(p: Pick<z.infer<typeof ProductFields>, 'colors' | 'quantity' | 'stock'>, ctx: z.RefinementCtx) {
  if (!p.stock) return;
  const unknown = Object.keys(p.stock).filter((c) => !p.colors.includes(c));
  if (unknown.length > 0)
    ctx.addIssue({ code: 'custom', path: ['stock'], message: `stock names a colour not in colors: ${unknown.join(', ')}` });
  const sum = Object.values(p.stock).reduce((a, b) => a + b, 0);
  if (p.quantity !== undefined && p.quantity !== sum) {
    ctx.addIssue({
      code: 'custom',
      path: ['quantity'],
      message: `quantity is ${p.quantity} but stock adds up to ${sum}: give one or make them agree`,
    });
  }
}

/** A new product's HSN code and rate where none were given: its category's code (if the shop knows one) and 18 %. */
export const newProductTax = (p: Pick<ProductRow, 'category' | 'hsnCode' | 'gstRate'>) => ({
  hsn_code: p.hsnCode === undefined ? (HSN_BY_CATEGORY[p.category] ?? null) : p.hsnCode,
  gst_rate_bp: Math.round((p.gstRate ?? DEFAULT_GST_RATE) * 100),
});

/** One product of an import. */
export const ProductImport = ProductFields.superRefine(stockAgrees);

/** The units of stock each colour of a product holds, in the order of its colours. */
export function stockOf(p: Pick<ProductRow, 'colors' | 'quantity' | 'stock'>): number[] {
  if (p.stock) return p.colors.map((c) => p.stock?.[c] ?? 0);
  return splitStock(p.quantity ?? DEFAULT_STOCK, p.colors.length);
}

export const BlogImport = z.object({
  title: text('title', 200),
  slug,
  description: z
    .string({ error: 'description is required' })
    .min(1, 'description is required')
    .max(200_000, 'description is at most 200,000 characters'),
  category: text('category', 100),
  author: text('author', 100).default('Digitic Editorial'),
  images: z.array(picture, { error: 'images is a list of pictures' }).max(10, 'images holds at most 10').default([]),
});

export type ProductRow = z.infer<typeof ProductImport>;
export type BlogRow = z.infer<typeof BlogImport>;
