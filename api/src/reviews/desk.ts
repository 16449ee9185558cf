import { keepNoteIf } from '../audit/notes.js';
import type { ModeratedReviewListRecord, ModeratedReviewRecord } from '@digitic/rest-contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { type LookupTrail, personalQuery } from '../audit/lookup.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { pageFields, versionRead } from '../http/validate.js';
import { refreshRating } from './rating.js';
import { pageOf } from '../db/page.js';

// Review moderation (reviews:moderate): hide a review with a reason, or restore it. A hidden review leaves
// the product page, its review count and its rating at once (the rating is recomputed from the visible
// reviews and the product announced to every gateway); the shopper's review row stays, with who hid it and why.

export const ReviewQuery = z.object({
  status: z.enum(['visible', 'hidden', 'all'], { error: 'status is visible, hidden or all' }).default('all'),
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  stars: z.coerce.number({ error: 'stars is 1 to 5' }).int().min(1, 'stars is 1 to 5').max(5, 'stars is 1 to 5').optional(),
  ...pageFields,
});
export type ReviewQuery = z.infer<typeof ReviewQuery>;

const version = versionRead('review');
export const HideInput = z.object({
  reason: z
    .string({ error: 'Say why the review is hidden' })
    .trim()
    .min(1, 'Say why the review is hidden')
    .max(500, 'The reason is at most 500 characters'),
  version,
});
export const RestoreInput = z.object({ version });

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);

export function reviewsDesk(db: Kysely<Database>, lookups: LookupTrail) {
  const base = () =>
    db
      .selectFrom('ratings as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('customers as c', 'c.id', 'r.customer_id')
      .leftJoin('staff as s', 's.id', 'r.hidden_by');

  const selected = (q: ReturnType<typeof base>) =>
    q.select([
      'r.id',
      'r.star',
      'r.comment',
      'r.created_at',
      'r.updated_at',
      'r.hidden_at',
      'r.hidden_reason',
      'r.version',
      'p.id as product_id',
      'p.title as product_title',
      'c.id as customer_id',
      'c.firstname',
      'c.lastname',
      'c.email',
      's.name as hidden_by_name',
      's.email as hidden_by_email',
    ]);

  type Row = Awaited<ReturnType<ReturnType<typeof selected>['execute']>>[number];
  const json = (r: Row): ModeratedReviewRecord => ({
    _id: r.id,
    star: r.star,
    comment: r.comment,
    product: { _id: r.product_id, title: r.product_title },
    customer: { _id: r.customer_id, name: `${r.firstname} ${r.lastname}`.trim(), email: r.email },
    hidden: r.hidden_at
      ? { at: r.hidden_at.toISOString(), reason: r.hidden_reason ?? '', by: r.hidden_by_name || r.hidden_by_email || 'staff' }
      : null,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  });

  async function get(id: string): Promise<ModeratedReviewRecord> {
    if (!isUuid(id)) throw notFound('Review not found');
    const [row] = await selected(base().where('r.id', '=', id)).execute();
    if (!row) throw notFound('Review not found');
    return json(row);
  }

  /** Hides or restores, with the version read, the rating recomputed and announced, and the audit row, in one transaction. */
  async function moderate(id: string, to: 'hidden' | 'visible', input: { version: number; reason?: string }, actor: Actor) {
    if (!isUuid(id)) throw notFound('Review not found');
    await db.transaction().execute(async (trx) => {
      // The product first, then the review, as a shopper's rating locks them: never a cycle, and the
      // rating recomputed after every other change to the product's reviews has committed.
      const of = await trx.selectFrom('ratings').select('product_id').where('id', '=', id).executeTakeFirst();
      if (!of) throw notFound('Review not found');
      await trx.selectFrom('products').select('id').where('id', '=', of.product_id).forUpdate().executeTakeFirst();
      const before = await trx.selectFrom('ratings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('Review not found');
      if (before.version !== input.version) {
        throw versionConflict(
          'This review was changed since you opened it (edited by its author, or moderated). Reload it, then try again.',
        );
      }
      if (to === 'hidden' && before.hidden_at) throw conflict('This review is hidden already');
      if (to === 'visible' && !before.hidden_at) throw conflict('This review is not hidden');
      if (to === 'hidden' && !input.reason) throw badRequest('Say why the review is hidden', 'reason');
      await trx
        .updateTable('ratings')
        .set((eb) =>
          to === 'hidden'
            ? { hidden_at: new Date(), hidden_reason: input.reason ?? null, hidden_by: actor.id ?? null, version: eb('version', '+', 1) }
            : { hidden_at: null, hidden_reason: null, hidden_by: null, version: eb('version', '+', 1) },
        )
        .where('id', '=', id)
        .execute();
      await refreshRating(trx, before.product_id);
      // A moderator's reason may quote the review or name its author: its words are kept where an erasure reaches them.
      const about = { customerId: before.customer_id };
      const was = (await keepNoteIf(trx, before.hidden_reason, about)) ?? null;
      const now = to === 'hidden' ? ((await keepNoteIf(trx, input.reason, about)) ?? null) : null;
      await recordAudit(trx, actor, {
        action: to === 'hidden' ? 'review.hidden' : 'review.restored',
        subject: { kind: 'review', id },
        before: { hidden: before.hidden_at !== null, reason: was, version: before.version },
        after: { hidden: to === 'hidden', reason: now, productId: before.product_id, star: before.star },
      });
    });
    return get(id);
  }

  return {
    get,
    /** The reviews; every search of it is a look-up of personal data, in the audit trail. */
    async list(query: ReviewQuery, actor: Actor): Promise<ModeratedReviewListRecord> {
      let q = base();
      if (query.status === 'hidden') q = q.where('r.hidden_at', 'is not', null);
      if (query.status === 'visible') q = q.where('r.hidden_at', 'is', null);
      if (query.stars) q = q.where('r.star', '=', query.stars);
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        q = q.where((eb) => eb.or([eb('r.comment', 'ilike', like), eb('p.title', 'ilike', like), eb('c.email', 'ilike', like)]));
      }
      const { rows: page, total } = await pageOf(q, query, (q) => selected(q.orderBy('r.created_at', 'desc').orderBy('r.id')));
      // Its words are matched against names and e-mails too: every search is a look-up of personal data.
      if (query.q) {
        const by = personalQuery(query.q)?.by ?? 'text';
        await lookups.record(db, actor, { what: 'review', query: query.q, by, found: total, ids: page.map((r) => r.id) });
      }
      return { reviews: page.map(json), total, page: query.page, pageSize: query.pageSize };
    },
    hide: (id: string, input: z.infer<typeof HideInput>, actor: Actor) => moderate(id, 'hidden', input, actor),
    restore: (id: string, input: z.infer<typeof RestoreInput>, actor: Actor) => moderate(id, 'visible', input, actor),
  };
}

export type ReviewsDesk = ReturnType<typeof reviewsDesk>;
