import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';

// A selection of the catalogue: the desk's filter (search, status, category, brand), shared by its list,
// the export and the bulk edit, and the colours the selected products are offered in.

export const SelectionQuery = z.object({
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  status: z.enum(['active', 'archived', 'all'], { error: 'status is active, archived or all' }).default('active'),
  category: z.string().trim().max(100).optional(),
  brand: z.string().trim().max(100).optional(),
});
export type Selection = z.infer<typeof SelectionQuery>;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The products a desk filter selects: the list's (catalogue/desk.ts), the export's and the bulk edit's alike. */
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

/** The colours each product is offered in, in order, with their stock: one query for many products. */
export async function offeredColours(db: Kysely<Database>, ids: string[]) {
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
