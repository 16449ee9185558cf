import type { CatalogueTag } from '@digitic/rest-contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { conflict, notFound } from '../domain/errors.js';
import { productTag, recordChange } from './changes.js';
import { colourDesk } from './colours.js';

// The catalogue's vocabulary: brands, categories and tags (catalogue_terms), and colours (a swatch value
// and a name: catalogue/colours.ts). A product written with a new brand, category or tag adds it. Renaming
// one renames it on every product (each product's version moves, so an editor who had it open reloads), in
// one transaction, audited and announced; one in use cannot be deleted.

export type TermKind = 'brand' | 'category' | 'tag';
const KIND_WORD: Record<TermKind, string> = { brand: 'brand', category: 'category', tag: 'tag' };

const term = z.string({ error: 'value is required' }).trim().min(1, 'value is required').max(100, 'value is at most 100 characters');
const kind = z.enum(['brand', 'category', 'tag'], { error: 'kind is brand, category or tag' });
/** A tag is at most 50 characters, as a product's (catalogue/rows.ts); a brand or a category 100. */
const tagFits = (t: { kind: TermKind; value: string; to?: string }, ctx: z.RefinementCtx) => {
  for (const field of ['value', 'to'] as const) {
    const v = t[field];
    if (t.kind === 'tag' && v !== undefined && v.length > 50)
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is at most 50 characters for a tag` });
  }
};
export const TermInput = z.object({ kind, value: term }).superRefine(tagFits);
export const TermRename = z.object({ kind, value: term, to: term }).superRefine(tagFits);

type Db = Kysely<Database> | Transaction<Database>;

/** Adds the brand, category and tags a product names to the vocabulary (when new). */
export async function ensureTerms(db: Db, p: { brand: string; category: string; tags: readonly string[] }): Promise<void> {
  const rows = [
    { kind: 'brand' as const, value: p.brand },
    { kind: 'category' as const, value: p.category },
    ...p.tags.map((value) => ({ kind: 'tag' as const, value })),
  ];
  await db
    .insertInto('catalogue_terms')
    .values(rows)
    // An update, not "do nothing": it locks the term's row, so a delete of it waits for this product.
    .onConflict((oc) => oc.columns(['kind', 'value']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/** Products naming a term (a brand, a category, or among their tags). */
function productsWith(db: Db, kind: TermKind, value: string) {
  let q = db.selectFrom('products').select(['id']);
  if (kind === 'brand') q = q.where('brand', '=', value);
  else if (kind === 'category') q = q.where('category', '=', value);
  else q = q.where(sql<boolean>`tags @> array[${value}]::text[]`);
  return q;
}

export function termsDesk(db: Kysely<Database>) {
  /** Every brand, category, tag and colour, with how many products (archived ones too) use each. */
  async function list() {
    const [terms, brands, categories, tags, colors] = await Promise.all([
      db
        .selectFrom('catalogue_terms')
        .select(['kind', 'value'])
        .orderBy('kind')
        .orderBy(sql`lower(value)`)
        .execute(),
      db
        .selectFrom('products')
        .select(['brand as value', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('brand')
        .execute(),
      db
        .selectFrom('products')
        .select(['category as value', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('category')
        .execute(),
      sql<{ value: string; n: number }>`select t as value, count(*)::int as n from products, unnest(tags) as t group by t`.execute(db),
      db
        .selectFrom('colors as c')
        .leftJoin('product_colors as pc', 'pc.color_id', 'c.id')
        .select(['c.id', 'c.title', 'c.name', (eb) => eb.fn.count<number>('pc.product_id').as('n')])
        .groupBy(['c.id', 'c.title', 'c.name'])
        .orderBy(sql`lower(coalesce(c.name, c.title))`)
        .execute(),
    ]);
    const count = (rows: { value: string; n: number | string }[]) => new Map(rows.map((r) => [r.value, Number(r.n)]));
    const used = { brand: count(brands), category: count(categories), tag: count(tags.rows) };
    const of = (kind: TermKind) =>
      terms.filter((t) => t.kind === kind).map((t) => ({ value: t.value, products: used[kind].get(t.value) ?? 0 }));
    return {
      brands: of('brand'),
      categories: of('category'),
      tags: of('tag'),
      colors: colors.map((c) => ({ id: c.id, swatch: c.title, name: c.name ?? c.title, products: Number(c.n) })),
    };
  }

  return {
    list,

    async add(input: z.infer<typeof TermInput>, actor: Actor) {
      await db.transaction().execute(async (trx) => {
        const made = await trx
          .insertInto('catalogue_terms')
          .values({ kind: input.kind, value: input.value })
          .onConflict((oc) => oc.doNothing())
          .returning('value')
          .executeTakeFirst();
        if (!made) throw conflict(`The ${KIND_WORD[input.kind]} “${input.value}” is there already`, 'value');
        await recordAudit(trx, actor, { action: `catalogue.${input.kind}_added`, after: { value: input.value } });
      });
      return list();
    },

    /** Renames a brand, a category or a tag on every product that names it. */
    async rename(input: z.infer<typeof TermRename>, actor: Actor) {
      const { kind, value: from, to } = input;
      if (from === to) throw conflict('The new name is the old one', 'to');
      await db.transaction().execute(async (trx) => {
        const known = await trx
          .selectFrom('catalogue_terms')
          .select('value')
          .where('kind', '=', kind)
          .where('value', 'in', [from, to])
          .forUpdate()
          .execute();
        if (!known.some((t) => t.value === from)) throw notFound(`There is no ${KIND_WORD[kind]} “${from}”`);
        if (known.some((t) => t.value === to)) throw conflict(`The ${KIND_WORD[kind]} “${to}” is there already: choose another name`, 'to');
        const affected = (await productsWith(trx, kind, from).orderBy('id').forUpdate().execute()).map((r) => r.id);
        if (affected.length > 0) {
          const set =
            kind === 'brand'
              ? { brand: to }
              : kind === 'category'
                ? { category: to }
                : { tags: sql<string[]>`array_replace(tags, ${from}, ${to})` };
          await trx
            .updateTable('products')
            .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
            .where('id', 'in', affected)
            .execute();
        }
        await trx.updateTable('catalogue_terms').set({ value: to }).where('kind', '=', kind).where('value', '=', from).execute();
        await recordAudit(trx, actor, {
          action: `catalogue.${kind}_renamed`,
          before: { value: from },
          after: { value: to, products: affected.length },
        });
        if (affected.length > 0) {
          const tags: CatalogueTag[] = ['products', ...affected.map(productTag)];
          for (let i = 0; i < tags.length; i += 1000) await recordChange(trx, tags.slice(i, i + 1000));
        }
      });
      return list();
    },

    /** Deletes a brand, a category or a tag no product names. */
    async remove(input: z.infer<typeof TermInput>, actor: Actor) {
      await db.transaction().execute(async (trx) => {
        // The term's row first: a product written with it meanwhile waits, or makes this wait (ensureTerms).
        await trx
          .selectFrom('catalogue_terms')
          .select('value')
          .where('kind', '=', input.kind)
          .where('value', '=', input.value)
          .forUpdate()
          .execute();
        const inUse = await trx
          .selectFrom(productsWith(trx, input.kind, input.value).as('p'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const n = Number(inUse.n);
        if (n > 0) {
          throw conflict(
            `${n} product${n === 1 ? '' : 's'} use${n === 1 ? 's' : ''} the ${KIND_WORD[input.kind]} “${input.value}”: rename it, or change them first`,
            'value',
          );
        }
        const gone = await trx
          .deleteFrom('catalogue_terms')
          .where('kind', '=', input.kind)
          .where('value', '=', input.value)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) throw notFound(`There is no ${KIND_WORD[input.kind]} “${input.value}”`);
        await recordAudit(trx, actor, { action: `catalogue.${input.kind}_deleted`, before: { value: input.value } });
      });
      return list();
    },

    ...colourDesk(db, list),
  };
}

export type TermsDesk = ReturnType<typeof termsDesk>;
