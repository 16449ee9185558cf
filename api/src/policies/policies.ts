import type { PolicyDeskRecord, PolicyRecord, PolicySlugName } from '@digitic/rest-contract';
import { sanitizeRichText } from '@digitic/server-kit/sanitize';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { recordChange } from '../catalogue/changes.js';
import type { Database } from '../db/schema.js';
import { notFound, versionConflict } from '../domain/errors.js';
import { versionRead } from '../http/validate.js';

// The shop's four policy pages (privacy, refund, shipping, terms): the owner writes them in the back office and
// the storefront shows the latest version. The Consumer Protection (E-Commerce) Rules, 2020 ask a seller to show
// its return, refund, exchange, warranty and delivery terms and its privacy policy; the Digital Personal Data
// Protection Rules, 2025 ask for the notice. Every save is a new version kept for good (migration 0029), audited,
// and announced ('policies'), so every gateway's next page shows it.

/** The pages, with their titles as the storefront's footer names them. */
export const POLICY_TITLES: Readonly<Record<PolicySlugName, string>> = {
  'privacy-policy': 'Privacy Policy',
  'refund-policy': 'Refund Policy',
  'shipping-policy': 'Shipping Policy',
  terms: 'Terms & Conditions',
};

export const isPolicySlug = (slug: string): slug is PolicySlugName => Object.hasOwn(POLICY_TITLES, slug);

export const PolicyInput = z.object(
  {
    html: z
      .string({ error: 'html is the page as HTML' })
      .max(200_000, 'html is at most 200,000 characters')
      .transform((v) => sanitizeRichText(v))
      // Cleaning can lengthen it (entities, links' rel): checked again as it will be kept.
      .refine((v) => v.length <= 200_000, 'html is at most 200,000 characters once cleaned')
      .refine((v) => v.replace(/<[^>]*>/g, '').trim().length > 0, 'html has no text: write the policy (an empty page is not saved)'),
    version: versionRead('policy'),
  },
  { error: 'The body is an object of the page’s html and the version read' },
);

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function policies(db: Kysely<Database>) {
  const latest = (slug: PolicySlugName) =>
    db.selectFrom('policy_versions').selectAll().where('slug', '=', slug).orderBy('version', 'desc').limit(1).executeTakeFirst();

  async function get(slug: string): Promise<PolicyRecord> {
    if (!isPolicySlug(slug)) throw notFound('No such policy page: privacy-policy, refund-policy, shipping-policy or terms');
    const row = await latest(slug);
    return {
      slug,
      title: POLICY_TITLES[slug],
      html: row?.html ?? '',
      version: row?.version ?? 0,
      updatedAt: row?.saved_at.toISOString() ?? null,
      demo: row !== undefined && row.staff_id === null,
    };
  }

  return {
    get,

    /** Every page as it stands, for the back office's list. */
    list: () => Promise.all((Object.keys(POLICY_TITLES) as PolicySlugName[]).map((slug) => get(slug))),

    /** The page with its versions (who saved each, when, how long it was), newest first. */
    async desk(slug: string): Promise<PolicyDeskRecord> {
      const page = await get(slug);
      const versions = await db
        .selectFrom('policy_versions as v')
        .leftJoin('staff as s', 's.id', 'v.staff_id')
        .select(['v.version', 'v.saved_at', 's.name', sql`char_length(v.html)`.$castTo<number>().as('characters')])
        .where('v.slug', '=', page.slug)
        .orderBy('v.version', 'desc')
        .execute();
      return {
        ...page,
        versions: versions.map((v) => ({
          version: v.version,
          savedAt: v.saved_at.toISOString(),
          savedBy: v.name,
          characters: Number(v.characters),
        })),
      };
    },

    /** Saves the next version over the one read; two saves of one version: the second is told, and nothing is lost. */
    async save(slug: string, input: z.output<typeof PolicyInput>, actor: Actor): Promise<PolicyDeskRecord> {
      if (!isPolicySlug(slug)) throw notFound('No such policy page: privacy-policy, refund-policy, shipping-policy or terms');
      const stale = () =>
        versionConflict(`The ${POLICY_TITLES[slug]} was changed by someone else since you opened it. Reload it, then try again.`);
      try {
        await db.transaction().execute(async (trx) => {
          const now = await trx
            .selectFrom('policy_versions')
            .select('version')
            .where('slug', '=', slug)
            .orderBy('version', 'desc')
            .limit(1)
            .executeTakeFirst();
          if ((now?.version ?? 0) !== input.version) throw stale();
          const version = input.version + 1;
          await trx
            .insertInto('policy_versions')
            .values({ slug, version, html: input.html, staff_id: actor.kind === 'staff' ? actor.id : null })
            .execute();
          await recordAudit(trx, actor, {
            action: 'policy.updated',
            subject: { kind: 'policy', id: slug },
            before: { version: input.version },
            after: { version, characters: input.html.length },
          });
          await recordChange(trx, ['policies']);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw stale();
        throw err;
      }
      return this.desk(slug);
    },
  };
}

export type Policies = ReturnType<typeof policies>;
