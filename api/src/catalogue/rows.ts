import { z } from 'zod';

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
