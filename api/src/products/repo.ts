import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { countryCodesByName } from '@digitic/shop-rules';
import type { Database, Product } from '../db/schema.js';
import type { ProductListQuery } from './list-query.js';
import { anyWordTsquery, categoryWords, searchPlan, tsquery, withCurrentSynonyms } from './search.js';
import type { WordQuery } from './search-query.js';

/** A product's columns as the store reads them (not its search document, which only the database reads). */
const PRODUCT_COLUMNS = [
  'id',
  'title',
  'slug',
  'description',
  'price',
  'category',
  'brand',
  'tags',
  'images',
  'sold',
  'total_rating',
  'rating_count',
  'archived_at',
  'hsn_code',
  'gst_rate_bp',
  'country_of_origin',
  'manufacturer',
  'importer',
  'version',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Product)[];

/**
 * A search as the database matches it: its words' queries (products/search.ts made them safe), every word needed,
 * or (`widened`) any one of them, those with every word first.
 */
export interface WordsMatch {
  query: WordQuery[];
  widened: boolean;
}

/** The store's filters and a search's words. */
export function filtered(db: Kysely<Database>, q: ProductListQuery, search?: WordsMatch) {
  // An archived product has left the store: no list, search or facet shows it.
  let query: SelectQueryBuilder<Database, 'products', object> = db.selectFrom('products').where('archived_at', 'is', null);
  if (q.category) query = query.where('category', '=', q.category);
  if (q.brand) query = query.where('brand', '=', q.brand);
  if (q.tags) query = query.where(sql<boolean>`tags @> array[${q.tags}]::text[]`);
  if (search !== undefined)
    query = query.where(sql<boolean>`search_doc @@ (${search.widened ? anyWordTsquery(search.query) : tsquery(search.query)})`);
  if (q.countryOfOrigin) query = query.where('country_of_origin', '=', q.countryOfOrigin);
  if (q.color)
    query = query.where(
      sql<boolean>`exists (select 1 from product_colors v where v.product_id = products.id and v.color_id = ${q.color} and v.offered and v.quantity > 0)`,
    );
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
/** A search's matches are ranked, with no index order to stop early in, so its count stops sooner: "100+ matches". */
export const SEARCH_COUNT_CAP = 100;
/**
 * A search ranks at most this many of its matches, the best-selling ones (and, widened, every product with all
 * its words): ranking reads each one's search document, and a word most products have ("a", a category of a
 * large catalogue) would read them all. Ten pages of twenty; the count says "100+" before.
 */
export const RANKED_MAX = 200;

export interface ProductPage {
  rows: Product[];
  total: number;
  /** false when the count stopped at COUNT_CAP: there are at least `total` matches. */
  totalExact: boolean;
  /** For a search: the words it searched for, the catalogue's words it took instead (did you mean), and whether it was cut. */
  search?: { words: string[]; suggestion: string | null; capped: boolean };
}

export async function listProducts(db: Kysely<Database>, q: ProductListQuery): Promise<ProductPage> {
  if (!q.search) return listed(db, q);
  const search = q.search;
  return withCurrentSynonyms(() => searchedOnce(db, { ...q, search }));
}

/** A search: its words as typed; when they find nothing, the catalogue's words nearest to them, said. */
async function searchedOnce(db: Kysely<Database>, q: ProductListQuery & { search: string }): Promise<[ProductPage, Promise<boolean>]> {
  const plan = await searchPlan(db, q.search);
  const { current } = plan;
  if (plan.query.length === 0)
    return [{ rows: [], total: 0, totalExact: true, search: { words: plan.words, suggestion: null, capped: plan.capped } }, current];
  const found = await listed(db, q, { query: plan.query, widened: false });
  const said = { words: plan.words, suggestion: null, capped: plan.capped };
  if (found.total > 0) return [{ ...found, search: said }, current];
  const corrected = await plan.corrected();
  if (!corrected) return [{ ...found, search: said }, current];
  const instead = await listed(db, q, { query: corrected.query, widened: false });
  if (instead.total === 0) return [{ ...found, search: said }, current];
  return [{ ...instead, search: { words: corrected.words, suggestion: corrected.words.join(' '), capped: plan.capped } }, current];
}

export async function listed(db: Kysely<Database>, q: ProductListQuery, search?: WordsMatch): Promise<ProductPage> {
  const base = filtered(db, q, search);
  const cap = search !== undefined ? SEARCH_COUNT_CAP : COUNT_CAP;
  let page = (search !== undefined && q.sort.length === 0 ? ranked(db, q, search) : base).select(PRODUCT_COLUMNS);
  for (const key of q.sort) {
    // Titles sort case-insensitively and by code point, the same on PGlite and on any PostgreSQL locale; countries
    // by their names (a product without one last either way).
    const column =
      key.column === 'title'
        ? sql`lower(title) collate "C"`
        : key.column === 'country_of_origin'
          ? sql`array_position(${countryCodesByName()}::text[], country_of_origin)`
          : key.column;
    page = page.orderBy(column, (ob) => {
      const ordered = key.desc ? ob.desc() : ob.asc();
      return key.column === 'country_of_origin' ? ordered.nullsLast() : ordered;
    });
  }
  // A widened search lists the products with every word first, then those naming the kind of thing asked for.
  if (q.sort.length === 0 && search?.widened)
    page = page.orderBy(sql`search_doc @@ (${tsquery(search.query)})`, 'desc').orderBy(sql`${categoryWords(search.query)}`, 'desc');
  // A search's own order: how well each matches (title and brand count most), then what sells and is rated well.
  if (q.sort.length === 0 && search !== undefined)
    page = page
      .orderBy(sql`ts_rank_cd(search_doc, ${search.widened ? anyWordTsquery(search.query) : tsquery(search.query)})`, 'desc')
      .orderBy('sold', 'desc')
      .orderBy('total_rating', 'desc');
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

/**
 * The products a search ranks: its best-selling matches, at most RANKED_MAX (an index in sales order finds them
 * without reading every match when most products match), and, when widened, every product with all its words
 * (fewer than ten: search-results.ts widens only then), wherever they sell.
 */
function ranked(db: Kysely<Database>, q: ProductListQuery, search: WordsMatch) {
  const best = db
    .selectFrom(filtered(db, q, search).select('id').orderBy('sold', 'desc').orderBy('id').limit(RANKED_MAX).as('b'))
    .select('b.id');
  const candidates = search.widened ? best.union(filtered(db, q, { query: search.query, widened: false }).select('id')) : best;
  return db.selectFrom('products').where('id', 'in', candidates);
}

/** Products by id, those in the store; with `archived`, those withdrawn from it too (a cart, an order). */
export function productsByIds(db: Kysely<Database>, ids: string[], archived: 'with archived' | 'in the store' = 'in the store') {
  if (ids.length === 0) return Promise.resolve([] as Product[]);
  let query = db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', 'in', ids);
  if (archived === 'in the store') query = query.where('archived_at', 'is', null);
  return query.execute();
}

export async function facets(db: Kysely<Database>) {
  const [categories, brands, tags, colors, countries] = await Promise.all([
    db.selectFrom('products').select('category as value').where('archived_at', 'is', null).distinct().orderBy('category').execute(),
    db.selectFrom('products').select('brand as value').where('archived_at', 'is', null).distinct().orderBy('brand').execute(),
    sql<{ value: string }>`select distinct unnest(tags) as value from products where archived_at is null order by 1`.execute(db),
    db.selectFrom('colors').select(['id', 'title']).orderBy('title').execute(),
    db
      .selectFrom('products')
      .select('country_of_origin as value')
      .where('archived_at', 'is', null)
      .where('country_of_origin', 'is not', null)
      .distinct()
      .$narrowType<{ value: string }>()
      .execute(),
  ]);
  return {
    categories: categories.map((r) => r.value),
    brands: brands.map((r) => r.value),
    tags: tags.rows.map((r) => r.value),
    colors: colors.map((c) => ({ _id: c.id, title: c.title })),
    countries: countries.map((r) => r.value).sort(),
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
