import type { SearchSynonymRecord } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { recordChange } from '../catalogue/changes.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../domain/errors.js';
import { searchWords } from '../products/search-query.js';

// The shop's synonyms: a word shoppers type and the words (or phrases) it also means, read by every search
// within seconds (products/search.ts). Staff keep them on the back office's Search screen; each change is audited
// and announced, so no cached answer outlives it.

/** One word as the search reads it: letters and digits of any script, lower-cased. */
const oneWord = (what: string) =>
  z
    .string({ error: `${what} is a word` })
    .transform((v) => searchWords(v).words)
    .refine((words) => words.length === 1 && /^[\p{L}\p{M}\p{N}]+$/u.test(words[0] ?? ''), `${what} is one word of letters or digits`)
    .transform((words) => words[0] as string)
    .refine((w) => w.length <= 50, `${what} is at most 50 characters`);

export const SynonymWord = oneWord('word');

export const SynonymInput = z.object({
  also: z
    .array(
      z
        .string({ error: 'each of also is a word or a phrase' })
        .transform((v) => searchWords(v).words.join(' '))
        .refine((p) => p.length > 0, 'each of also has a word of letters or digits')
        .refine((p) => p.length <= 50, 'each of also is at most 50 characters'),
      { error: 'also is a list of the words it also means' },
    )
    .min(1, 'also names at least one word it also means')
    .max(10, 'also names at most 10 words or phrases'),
});

const record = (r: { word: string; also: string[]; updated_at: Date }): SearchSynonymRecord => ({
  word: r.word,
  also: r.also,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export function searchSynonyms(db: Kysely<Database>) {
  return {
    async list(): Promise<SearchSynonymRecord[]> {
      const rows = await db.selectFrom('search_synonyms').select(['word', 'also', 'updated_at']).orderBy('word').execute();
      return rows.map(record);
    },

    /** Sets what `word` also means (a new synonym, or a changed one). */
    async save(word: string, also: string[], actor: Actor): Promise<SearchSynonymRecord> {
      const unique = [...new Set(also.filter((p) => p !== word))];
      if (unique.length === 0) throw badRequest(`also names a word or phrase other than "${word}" itself`, 'also');
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('search_synonyms').select('also').where('word', '=', word).forUpdate().executeTakeFirst();
        const row = await trx
          .insertInto('search_synonyms')
          .values({ word, also: unique })
          .onConflict((oc) => oc.column('word').doUpdateSet({ also: unique, updated_at: sql`now()` }))
          .returning(['word', 'also', 'updated_at'])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: before ? 'search.synonym_changed' : 'search.synonym_added',
          subject: { kind: 'search_synonym', id: word },
          before: before ? { word, also: before.also } : null,
          after: { word, also: unique },
        });
        // What a search finds changes: every gateway drops the lists and searches it cached.
        await recordChange(trx, ['products']);
        return record(row);
      });
    },

    async remove(word: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('search_synonyms').where('word', '=', word).returning('also').executeTakeFirst();
        if (!gone) throw notFound(`No synonym for "${word}"`);
        await recordAudit(trx, actor, {
          action: 'search.synonym_removed',
          subject: { kind: 'search_synonym', id: word },
          before: { word, also: gone.also },
        });
        await recordChange(trx, ['products']);
      });
    },
  };
}
