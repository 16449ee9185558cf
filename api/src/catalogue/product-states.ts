import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// What a product was before a change of many products (an import, a bulk edit) and what it became, read in
// the change's own transaction, for its audit row: each product's old and new value of every field that moved.

/** A product as the desk edits it: its fields, its colours in order and the stock of each. */
export interface ProductState {
  id: string;
  slug: string;
  title?: string;
  description?: string;
  price: number;
  category?: string;
  brand?: string;
  tags?: string[];
  images?: string[];
  colors: string[];
  /** Units by colour, for the colours offered. */
  stock: Record<string, number>;
}

/**
 * The products named (by id or by slug), keyed by id. `fields: 'price and stock'` reads only those (a bulk
 * edit's thousands of products are not read whole); `'all'` every field an import may change.
 */
export async function productStates(
  db: Kysely<Database>,
  which: { ids: string[] } | { slugs: string[] },
  fields: 'all' | 'price and stock',
): Promise<Map<string, ProductState>> {
  const keys = 'ids' in which ? which.ids : which.slugs;
  if (keys.length === 0) return new Map();
  const base = db.selectFrom('products').where('ids' in which ? 'id' : 'slug', 'in', keys);
  const rows: Omit<ProductState, 'colors' | 'stock'>[] =
    fields === 'all'
      ? (await base.select(['id', 'slug', 'title', 'description', 'price', 'category', 'brand', 'tags', 'images']).execute()).map((r) => ({
          ...r,
          images: r.images.map((i) => i.url),
        }))
      : await base.select(['id', 'slug', 'price']).execute();
  if (rows.length === 0) return new Map();
  const colours = await db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as c', 'c.id', 'pc.color_id')
    .select(['pc.product_id', 'c.title', 'pc.quantity'])
    .where(
      'pc.product_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('pc.offered', '=', true)
    .orderBy('pc.product_id')
    .orderBy('pc.position')
    .execute();
  const states = new Map<string, ProductState>(rows.map((r) => [r.id, { ...r, colors: [], stock: {} }]));
  for (const c of colours) {
    const state = states.get(c.product_id);
    if (!state) continue;
    state.colors.push(c.title);
    state.stock[c.title] = c.quantity;
  }
  return states;
}

/** A text longer than this is kept as its length and digest: the audit row stays small whatever the descriptions hold. */
const LONGEST_KEPT = 500;

const kept = (v: unknown) =>
  typeof v === 'string' && v.length > LONGEST_KEPT
    ? { chars: v.length, sha256: createHash('sha256').update(v).digest('hex').slice(0, 16) }
    : (v ?? null);

/**
 * The fields that differ between what a product was (nothing, when it is new) and what it became: their
 * old values and their new ones, under the same names. Null when nothing moved.
 */
export function changedFields(
  before: ProductState | undefined,
  after: ProductState,
): { from: Record<string, unknown>; to: Record<string, unknown> } | null {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (field === 'id' || field === 'slug') continue;
    const old = before?.[field as keyof ProductState];
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    from[field] = kept(old);
    to[field] = kept(value);
  }
  return Object.keys(to).length ? { from, to } : null;
}
