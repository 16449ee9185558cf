import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { searchWords, type WordQuery, wordQueries } from './search-query.js';
import { correction } from './typos.js';

// What a search means in this shop: its words (search-query.ts), each with the shop's synonyms of it, and, when
// the words as typed find nothing, the catalogue's own words nearest to them (typos.ts), offered as "did you
// mean". The synonyms are read again whenever they have changed (a change staff make is announced to the gateways'
// caches at once: an answer cached after it must use it). The catalogue's words, read only to put a typo right,
// are kept a minute and read again in the background meanwhile: reading them reads every product.

/** How long the catalogue's words are used before they are read again (in the background: searches never wait). */
const VOCABULARY_MS = 60_000;

interface Synonyms {
  /** Their count and last change as read with them: read again when either moves. */
  mark: string;
  words: Map<string, string[][]>;
}
interface Vocabulary {
  at: number;
  /** Each word of the products in the store (titles, brands, categories, tags) and how many products use it. */
  words: Map<string, number>;
  /** A read under way, while the words above are still used. */
  reading?: Promise<void>;
}
const synonymsKnown = new WeakMap<Kysely<Database>, Promise<Synonyms>>();
const vocabularies = new WeakMap<Kysely<Database>, Vocabulary>();

/**
 * The catalogue's words with the singular of each plural beside it (Laptops → laptop, Watches → watch): a shopper's
 * typo is nearer to the word they meant, which is as often the one as the other.
 */
function withSingulars(words: [string, number][]): Map<string, number> {
  const out = new Map(words);
  for (const [word, uses] of words) {
    const one = /(ch|sh|x|ss)es$/.test(word) ? word.slice(0, -2) : /[^s]s$/.test(word) && word.length > 4 ? word.slice(0, -1) : null;
    if (one && !out.has(one)) out.set(one, uses);
  }
  return out;
}

/**
 * A digest of the synonyms (a small table): a few bytes read per search, so any change, made by any api whatever
 * its clock, is used by the next search.
 */
const synonymsMark = async (db: Kysely<Database>) =>
  (
    await sql<{ mark: string }>`
      select md5(coalesce(string_agg(word || '=' || array_to_string(also, '|'), ',' order by word), '')) as mark from search_synonyms`.execute(
      db,
    )
  ).rows[0]?.mark ?? '';

async function readSynonyms(db: Kysely<Database>, mark: string): Promise<Synonyms> {
  const { rows } = await sql<{ word: string; also: string[] }>`select word, also from search_synonyms`.execute(db);
  return {
    mark,
    // A phrase with no word in it (the table allows none, but a synonym must never break a search) is left out.
    words: new Map(
      rows.map((r) => [
        r.word,
        r.also.map((phrase) => phrase.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((p) => p.length > 0),
      ]),
    ),
  };
}

/**
 * The shop's synonyms as last read, and whether they are still the shop's: the search is made with them while their
 * mark is read beside it (a round trip less before each search), and made again when the mark has moved (a change
 * is rare, and then read at once for the next search). The first search waits for them; a failed read answers what
 * was known (or none), and a mark that cannot be read counts as unchanged.
 */
async function synonymsOf(db: Kysely<Database>): Promise<{ words: Map<string, string[][]>; current: Promise<boolean> }> {
  const known = synonymsKnown.get(db);
  const last = await known?.catch(() => null);
  const reread = (mark: string | null) => {
    const reading = readSynonyms(db, mark ?? '').catch(() => last ?? { mark: '', words: new Map<string, string[][]>() });
    synonymsKnown.set(db, reading);
    return reading;
  };
  if (!last) {
    // The mark before the synonyms: a change between the two reads is seen by the next search, never missed.
    const mark = await synonymsMark(db).catch(() => null);
    return { words: (await reread(mark)).words, current: Promise.resolve(true) };
  }
  const current = synonymsMark(db).then(
    (mark) => {
      if (mark === last.mark) return true;
      // One read of the new ones, however many searches found the mark moved.
      if (synonymsKnown.get(db) === known) void reread(mark);
      return false;
    },
    () => true,
  );
  return { words: last.words, current };
}

async function readVocabulary(db: Kysely<Database>): Promise<Map<string, number>> {
  const { rows } = await sql<{ word: string; ndoc: number }>`
    select word, ndoc from ts_stat($$
      select to_tsvector('simple', title || ' ' || brand || ' ' || category || ' ' || coalesce(array_to_string(tags, ' '), ''))
      from products where archived_at is null
    $$)`.execute(db);
  return withSingulars(rows.filter((r) => /^\p{L}[\p{L}\p{M}\p{N}]*$/u.test(r.word)).map((r) => [r.word, Number(r.ndoc)]));
}

/** The catalogue's words: the first read is waited for; later ones happen in the background once a minute is up. */
async function vocabularyOf(db: Kysely<Database>): Promise<Map<string, number>> {
  const kept = vocabularies.get(db);
  if (!kept) {
    const words = await readVocabulary(db).catch(() => new Map<string, number>());
    vocabularies.set(db, { at: Date.now(), words });
    return words;
  }
  if (Date.now() - kept.at >= VOCABULARY_MS && !kept.reading) {
    kept.reading = readVocabulary(db).then(
      (words) => void vocabularies.set(db, { at: Date.now(), words }),
      () => void vocabularies.set(db, { at: Date.now(), words: kept.words }),
    );
  }
  return kept.words;
}

/** A search as the database runs it. */
export interface SearchPlan {
  /** The words searched for. */
  words: string[];
  /** Each word's queries, as typed, with their synonyms (none when no word is left). */
  query: WordQuery[];
  /**
   * The same with each mistyped word put right, when one was (null when none was): asked only when the words as
   * typed find nothing, as it reads every word of the catalogue.
   */
  corrected: () => Promise<{ words: string[]; query: WordQuery[] } | null>;
  capped: boolean;
  /**
   * Whether the synonyms it was made with are still the shop's (read beside the search): when not, the search is
   * made again, once, with the new ones.
   */
  current: Promise<boolean>;
  /** The words to mark in a title: each searched word and the words of its synonyms, each a word's beginning. */
  terms: string[];
}

/** Whether English leaves each word out ("the", "a", "on"…), as PostgreSQL's configuration says; kept once asked. */
const stopWords = new Map<string, boolean>();
async function withoutStopWords(db: Kysely<Database>, words: string[]): Promise<string[]> {
  const unknown = [...new Set(words.filter((w) => !stopWords.has(w)))];
  if (unknown.length > 0) {
    if (stopWords.size > 10_000) stopWords.clear();
    // Words of letters and digits only (searchWords), quoted as one lexeme each.
    const { rows } = await sql<{ w: string; n: number }>`
      select w, numnode(to_tsquery('english', '''' || w || '''')) as n from unnest(${unknown}::text[]) as w`.execute(db);
    for (const r of rows) stopWords.set(r.w, Number(r.n) === 0);
  }
  // A stop word among others says nothing ("the frame"); alone, it is the start of a word being typed ("a", "on").
  const kept = words.filter((w) => !stopWords.get(w));
  return kept.length > 0 ? kept : words;
}

export async function searchPlan(db: Kysely<Database>, text: string): Promise<SearchPlan> {
  const { words: typed, capped } = searchWords(text);
  if (typed.length === 0)
    return { words: typed, query: [], corrected: async () => null, capped, current: Promise.resolve(true), terms: [] };
  const words = await withoutStopWords(db, typed);
  const { words: synonyms, current } = await synonymsOf(db);
  const alternatives = (w: string) => synonyms.get(w) ?? [];
  const corrected = async () => {
    const vocabulary = await vocabularyOf(db);
    const fixed = words.map((w) => (synonyms.has(w) ? null : correction(w, vocabulary)));
    if (!fixed.some(Boolean)) return null;
    const correctedWords = words.map((w, i) => fixed[i] ?? w);
    return { words: correctedWords, query: wordQueries(correctedWords, alternatives) };
  };
  const terms = [...new Set(words.flatMap((w) => [w, ...alternatives(w).flat()]))];
  return { words, query: wordQueries(words, alternatives), corrected, capped, current, terms };
}

/**
 * A search made with the synonyms as last read (`once` answers it and whether they were still the shop's), made
 * again, once, with the new ones when the shop changed them meanwhile (a rare moment).
 */
export async function withCurrentSynonyms<T>(once: () => Promise<[T, Promise<boolean>]>): Promise<T> {
  const [answer, current] = await once();
  return (await current) ? answer : (await once())[0];
}

/** The tsquery of one word of a search: in English (stemmed, with its synonyms) or as typed. */
const wordTsquery = (q: WordQuery) => sql`(to_tsquery('english', ${q.english}) || to_tsquery('simple', ${q.simple}))`;

/** The tsquery of a search's words: each word (in English or as typed) needed. */
export const tsquery = (query: WordQuery[]) =>
  sql.join(
    query.map((q) => wordTsquery(q)),
    sql` && `,
  );

/** The tsquery of a search's words with any one of them enough: a search widened when every word finds too few. */
export const anyWordTsquery = (query: WordQuery[]) =>
  sql.join(
    query.map((q) => wordTsquery(q)),
    sql` || `,
  );

/**
 * How many of a search's words name the product's category ("camera" in "sony camera", "tv" through its synonym
 * "television"): in a widened search, the kind of thing the shopper named comes before the brand they named.
 */
export const categoryWords = (query: WordQuery[]) =>
  sql.join(
    query.map((q) => sql`(to_tsvector('english', category) @@ to_tsquery('english', ${q.english}))::int`),
    sql` + `,
  );
