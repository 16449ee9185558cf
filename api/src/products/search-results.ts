import { type Kysely, sql } from 'kysely';
import type { FacetCountsRecord, SearchAnswerRecord } from '@digitic/rest-contract';
import type { Database } from '../db/schema.js';
import type { ProductListQuery } from './list-query.js';
import { filtered, listed, type ProductPage, type WordsMatch } from './repo.js';
import { searchPlan, withCurrentSynonyms } from './search.js';

// A shopper's search as the results page and every GraphQL client get it: the products with every word, ranked;
// when the words as typed find nothing, the catalogue's words nearest to them (said, as "did you mean"); when
// every word finds only a few, the products with some of the words after them (the kind of thing named first),
// so "sony camera" lists Sony's cameras and then the other cameras. The store's own `/api/product?search=` keeps
// to every word (the spec's list), with the same typo fallback.

/** Fewer products than this with every word, and a search of two words or more lists those with some too. */
export const WIDEN_BELOW = 10;

/** What a search understood, beside its products (the REST contract's words for it). */
export type SearchUnderstood = Omit<SearchAnswerRecord, 'products' | 'total' | 'totalExact' | 'hasMore' | 'ticket'>;

export interface SearchAnswer extends ProductPage {
  understood: SearchUnderstood;
  /** How the database matched the words: the facets count the same products. */
  match: WordsMatch | null;
}

export async function searchProducts(db: Kysely<Database>, q: ProductListQuery & { search: string }): Promise<SearchAnswer> {
  return withCurrentSynonyms(() => searchOnce(db, q));
}

async function searchOnce(db: Kysely<Database>, q: ProductListQuery & { search: string }): Promise<[SearchAnswer, Promise<boolean>]> {
  const plan = await searchPlan(db, q.search);
  const { current } = plan;
  const understood = (words: string[], terms: string[], suggestion: string | null, allWords: number, widened: boolean) => ({
    words,
    terms,
    suggestion,
    capped: plan.capped,
    allWords,
    widened,
  });
  if (plan.query.length === 0)
    return [{ rows: [], total: 0, totalExact: true, understood: understood(plan.words, [], null, 0, false), match: null }, current];
  let query = plan.query;
  let words = plan.words;
  let terms = plan.terms;
  let suggestion: string | null = null;
  let all = await listed(db, q, { query, widened: false });
  if (all.total === 0) {
    const corrected = await plan.corrected();
    const instead = corrected ? await listed(db, q, { query: corrected.query, widened: false }) : null;
    if (corrected && instead && instead.total > 0) {
      ({ query, words } = corrected);
      terms = corrected.words;
      suggestion = corrected.words.join(' ');
      all = instead;
    }
  }
  if (query.length < 2 || all.total >= WIDEN_BELOW)
    return [{ ...all, understood: understood(words, terms, suggestion, all.total, false), match: { query, widened: false } }, current];
  const match = { query, widened: true };
  const some = await listed(db, q, match);
  const widened = some.total > all.total;
  return [{ ...some, understood: understood(words, terms, suggestion, all.total, widened), match }, current];
}

/** The price bands of the facets, in rupees: [from, below); the last has no top. */
export const PRICE_BANDS: readonly (readonly [number, number | null])[] = [
  [0, 10_000],
  [10_000, 25_000],
  [25_000, 50_000],
  [50_000, 100_000],
  [100_000, null],
];

/**
 * How many of the matching products each facet's value holds. Each facet counts with the other filters but not
 * its own (a chosen category still shows the others' counts, so the shopper can change their mind); colours count
 * the products with units of the colour in stock.
 */
export async function facetCounts(db: Kysely<Database>, q: ProductListQuery, match: WordsMatch | null): Promise<FacetCountsRecord> {
  const search = match ?? undefined;
  const band = sql<number>`case ${sql.join(
    PRICE_BANDS.map(([from, below], i) => (below === null ? sql`when price >= ${from} then ${i}` : sql`when price < ${below} then ${i}`)),
    sql` `,
  )} end`;
  /** The colours with units in stock among the products `matches` lists (its `id`), and how many of them each. */
  const colorsOf = (matches: ReturnType<typeof filtered>) =>
    db
      .selectFrom(matches.select('id').as('m'))
      .innerJoin('product_colors as v', 'v.product_id', 'm.id')
      .innerJoin('colors as c', 'c.id', 'v.color_id')
      .where('v.offered', '=', true)
      .where('v.quantity', '>', 0)
      .select(['c.id', 'c.title', 'c.name', (eb) => eb.fn.count<number>('m.id').distinct().as('count')])
      .groupBy(['c.id', 'c.title', 'c.name'])
      .orderBy(sql`count(distinct m.id)`, 'desc')
      .orderBy('c.title')
      .execute();
  const chosen = Boolean(q.category || q.brand || q.color || q.countryOfOrigin) || Object.keys(q.price).length > 0;
  const facets = chosen ? await eachWithoutItsOwn() : await allAtOnce();
  const byBand = new Map(facets.bands.map((r) => [Number(r.value), Number(r.count)]));
  const counts = (rows: { value: string; count: number | string }[]) =>
    rows.map((r) => ({ value: r.value, count: Number(r.count) })).sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    categories: counts(facets.categories),
    brands: counts(facets.brands),
    countries: counts(facets.countries),
    priceBands: PRICE_BANDS.map(([min, max], i) => ({ min, max, count: byBand.get(i) ?? 0 })).filter((b) => b.count > 0),
    colors: facets.colors.map((c) => ({ _id: c.id, title: c.title, name: c.name, count: Number(c.count) })),
  };

  type Rows = { value: string; count: number | string }[];
  type ColorRows = { id: string; title: string; name: string | null; count: number | string }[];
  type Grouped = { categories: Rows; brands: Rows; countries: Rows; bands: Rows; colors: ColorRows };
  /** Each facet over the products with the other filters but not its own. */
  async function eachWithoutItsOwn(): Promise<Grouped> {
    const [categories, brands, countries, bands, colors] = await Promise.all([
      filtered(db, { ...q, category: undefined }, search)
        .select(['category as value', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('category')
        .execute(),
      filtered(db, { ...q, brand: undefined }, search)
        .select(['brand as value', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('brand')
        .execute(),
      filtered(db, { ...q, countryOfOrigin: undefined }, search)
        .select(['country_of_origin as value', (eb) => eb.fn.countAll<number>().as('count')])
        .where('country_of_origin', 'is not', null)
        .groupBy('country_of_origin')
        .$narrowType<{ value: string }>()
        .execute(),
      filtered(db, { ...q, price: {} }, search)
        .select([sql<string>`(${band})::text`.as('value'), (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(sql`1`)
        .execute(),
      colorsOf(filtered(db, { ...q, color: undefined }, search)),
    ]);
    return { categories, brands, countries, bands, colors };
  }

  /**
   * With no facet chosen, the five count the same products: one read of them (the matching is the costly part: a
   * broad word matches thousands), grouped four ways, and their colours in stock.
   */
  async function allAtOnce(): Promise<Grouped> {
    const matches = filtered(db, q, search).select(['id', 'category', 'brand', 'country_of_origin as country', band.as('band')]);
    // Each grouping set's rows name their own column (the others null); products without a country count in none of its rows.
    const { rows } = await sql<{
      category: string | null;
      brand: string | null;
      country: string | null;
      band: number | null;
      color_id: string | null;
      color_title: string | null;
      color_name: string | null;
      color_rank: number | null;
      count: number;
    }>`
      with m as materialized (${matches})
      select category, brand, country, band, null::uuid as color_id, null as color_title, null as color_name, null::int as color_rank, count(*)::int as count
        from m group by grouping sets ((category), (brand), (country), (band))
      union all
      select null, null, null, null, c.id, c.title, c.name,
        (row_number() over (order by count(distinct m.id) desc, c.title))::int, count(distinct m.id)::int
        from m join product_colors v on v.product_id = m.id join colors c on c.id = v.color_id
        where v.offered and v.quantity > 0
        group by c.id, c.title, c.name
    `.execute(db);
    const grouped = rows.filter((r) => r.color_id === null);
    return {
      categories: grouped.filter((r) => r.category !== null).map((r) => ({ value: r.category as string, count: r.count })),
      brands: grouped.filter((r) => r.brand !== null).map((r) => ({ value: r.brand as string, count: r.count })),
      countries: grouped.filter((r) => r.country !== null).map((r) => ({ value: r.country as string, count: r.count })),
      bands: grouped.filter((r) => r.band !== null).map((r) => ({ value: String(r.band), count: r.count })),
      colors: rows
        .filter((r) => r.color_id !== null)
        .sort((a, b) => Number(a.color_rank) - Number(b.color_rank))
        .map((r) => ({ id: r.color_id as string, title: r.color_title as string, name: r.color_name, count: r.count })),
    };
  }
}
