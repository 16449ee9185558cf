import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, Product } from '../db/schema.js';
import type { ProductListQuery } from './list-query.js';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function filtered(db: Kysely<Database>, q: ProductListQuery) {
  // An archived product has left the store: no list, search or facet shows it.
  let query: SelectQueryBuilder<Database, 'products', object> = db.selectFrom('products').where('archived_at', 'is', null);
  if (q.category) query = query.where('category', '=', q.category);
  if (q.brand) query = query.where('brand', '=', q.brand);
  if (q.tags) query = query.where(sql<boolean>`tags @> array[${q.tags}]::text[]`);
  if (q.search) query = query.where('title', 'ilike', `%${escapeLike(q.search)}%`);
  if (q.price.gte !== undefined) query = query.where('price', '>=', q.price.gte);
  if (q.price.gt !== undefined) query = query.where('price', '>', q.price.gt);
  if (q.price.lte !== undefined) query = query.where('price', '<=', q.price.lte);
  if (q.price.lt !== undefined) query = query.where('price', '<', q.price.lt);
  return query;
}

/**
 * Totals are exact up to this many matches; past it the count stops and says "at least". Counting
 * every match is linear in the catalogue, and a shopper reads "1000+" the same as "9,334".
 */
export const COUNT_CAP = 1000;
/** Substring search has no index order to stop early in, so its count stops sooner: "100+ matches". */
export const SEARCH_COUNT_CAP = 100;

export interface ProductPage {
  rows: Product[];
  total: number;
  /** false when the count stopped at COUNT_CAP: there are at least `total` matches. */
  totalExact: boolean;
}

export async function listProducts(db: Kysely<Database>, q: ProductListQuery): Promise<ProductPage> {
  const base = filtered(db, q);
  const cap = q.search ? SEARCH_COUNT_CAP : COUNT_CAP;
  let page = base.selectAll();
  for (const key of q.sort) {
    // Titles sort case-insensitively and by code point, the same on PGlite and on any PostgreSQL locale.
    const column = key.column === 'title' ? sql`lower(title) collate "C"` : key.column;
    page = page.orderBy(column, key.desc ? 'desc' : 'asc');
  }
  // A default order and a unique tie-breaker keep pages stable.
  if (q.sort.length === 0) page = page.orderBy('created_at', 'desc');
  page = page.orderBy('id', q.sort.at(-1)?.desc ? 'desc' : 'asc');
  const [rows, count] = await Promise.all([
    page
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    db
      .selectFrom(
        base
          .select(sql<number>`1`.as('one'))
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const n = Number(count.n);
  return { rows, total: Math.min(n, cap), totalExact: n <= cap };
}

/** Products by id, those in the store; with `archived`, those withdrawn from it too (a cart, an order). */
export function productsByIds(db: Kysely<Database>, ids: string[], archived: 'with archived' | 'in the store' = 'in the store') {
  if (ids.length === 0) return Promise.resolve([] as Product[]);
  let query = db.selectFrom('products').selectAll().where('id', 'in', ids);
  if (archived === 'in the store') query = query.where('archived_at', 'is', null);
  return query.execute();
}

export async function facets(db: Kysely<Database>) {
  const [categories, brands, tags, colors] = await Promise.all([
    db.selectFrom('products').select('category as value').where('archived_at', 'is', null).distinct().orderBy('category').execute(),
    db.selectFrom('products').select('brand as value').where('archived_at', 'is', null).distinct().orderBy('brand').execute(),
    sql<{ value: string }>`select distinct unnest(tags) as value from products where archived_at is null order by 1`.execute(db),
    db.selectFrom('colors').select(['id', 'title']).orderBy('title').execute(),
  ]);
  return {
    categories: categories.map((r) => r.value),
    brands: brands.map((r) => r.value),
    tags: tags.rows.map((r) => r.value),
    colors: colors.map((c) => ({ _id: c.id, title: c.title })),
  };
}

export const SITEMAP_PAGE_SIZE = 5000;

/** One page of product ids for the sitemap, in id order, with the number of products in all. */
export async function sitemapPage(db: Kysely<Database>, page: number) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'updated_at'])
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(SITEMAP_PAGE_SIZE)
      .offset((page - 1) * SITEMAP_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    pageSize: SITEMAP_PAGE_SIZE,
    items: items.map((r) => ({ _id: r.id, updatedAt: new Date(r.updated_at).toISOString() })),
  };
}
