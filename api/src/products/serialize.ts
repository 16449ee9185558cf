import type { Kysely } from 'kysely';
import type { Database, Product } from '../db/schema.js';
import { cleanStoredHtml } from '@digitic/server-kit/sanitize';
import type { ProductRecord } from '@digitic/rest-contract';

export interface ColorJson {
  _id: string;
  title: string;
  /** This colour's stock. */
  quantity: number;
}

export interface RatingJson {
  _id: string;
  star: number;
  comment: string;
  postedby: string;
  name: string;
  createdAt: string;
}

export function productJson(p: Product, colors: ColorJson[], ratings: RatingJson[]) {
  const json = {
    _id: p.id,
    title: p.title,
    slug: p.slug,
    description: cleanStoredHtml(p.description),
    price: p.price,
    category: p.category,
    brand: p.brand,
    quantity: colors.reduce((sum, c) => sum + c.quantity, 0),
    sold: p.sold,
    images: p.images,
    color: colors,
    tags: p.tags,
    ratings,
    totalrating: p.total_rating,
    hsnCode: p.hsn_code,
    gstRate: p.gst_rate_bp / 100,
    countryOfOrigin: p.country_of_origin,
    manufacturer: p.manufacturer,
    importer: p.importer,
    ratingCount: p.rating_count,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  };
  return json satisfies ProductRecord;
}
export type ProductJson = ReturnType<typeof productJson>;

/** Colours and ratings of many products in two queries, whatever the number of products. */
export async function withDetails(db: Kysely<Database>, products: Product[]): Promise<ProductJson[]> {
  if (products.length === 0) return [];
  const ids = products.map((p) => p.id);
  const [colors, ratings] = await Promise.all([
    db
      .selectFrom('product_colors as pc')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .select(['pc.product_id', 'c.id', 'c.title', 'pc.quantity'])
      .where('pc.product_id', 'in', ids)
      .where('pc.offered', '=', true)
      .orderBy('pc.position')
      .execute(),
    db
      .selectFrom('ratings as r')
      .innerJoin('customers as u', 'u.id', 'r.customer_id')
      .select(['r.id', 'r.product_id', 'r.star', 'r.comment', 'r.customer_id', 'u.firstname', 'r.created_at'])
      .where('r.product_id', 'in', ids)
      .where('r.hidden_at', 'is', null)
      .orderBy('r.created_at', 'desc')
      .execute(),
  ]);
  const colorsBy = group(colors, (c) => c.product_id);
  const ratingsBy = group(ratings, (r) => r.product_id);
  return products.map((p) =>
    productJson(
      p,
      (colorsBy.get(p.id) ?? []).map((c) => ({ _id: c.id, title: c.title, quantity: c.quantity })),
      (ratingsBy.get(p.id) ?? []).map((r) => ({
        _id: r.id,
        star: r.star,
        comment: r.comment,
        postedby: r.customer_id,
        name: r.firstname,
        createdAt: r.created_at.toISOString(),
      })),
    ),
  );
}

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
