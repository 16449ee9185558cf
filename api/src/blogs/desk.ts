import { sanitizeRichText } from '@digitic/server-kit/sanitize';
import type { BlogPostListRecord, BlogPostRecord } from '@digitic/rest-contract';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { blogTag, recordChange } from '../catalogue/changes.js';
import { BlogImport, slugify } from '../catalogue/rows.js';
import type { Blog, Database } from '../db/schema.js';
import { badRequest, conflict, notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import { pageFields, versionRead } from '../http/validate.js';
import { describePictures } from '../photos/photos.js';
import { pageOf } from '../db/page.js';

// Blog posts in the back office (content:write): written as drafts, edited with the version read,
// published and taken back to drafts. The HTML passes the shop's sanitizer on write; pictures are
// uploaded photos (the same upload path as products) or addresses; every change is audited and
// announced so the gateways drop their cached pages of the post and the blog list at once.

export const BlogPostInput = BlogImport.extend({ publish: z.boolean({ error: 'publish is true or false' }).default(false) });
export const BlogPostEdit = BlogImport.extend({ version: versionRead('post') });
export const BlogVersion = z.object({ version: versionRead('post') });
export const BlogPostQuery = z.object({
  status: z.enum(['published', 'draft', 'all'], { error: 'status is published, draft or all' }).default('all'),
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  ...pageFields,
});

const noSlug = (): never => {
  throw badRequest('Give the post an address (slug): its title has no letters or digits to make one from', 'slug');
};

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);

const json = (b: Blog): BlogPostRecord => ({
  id: b.id,
  title: b.title,
  slug: b.slug,
  description: b.description,
  category: b.category,
  author: b.author,
  images: b.images.map((i) => i.url),
  publishedAt: b.published_at?.toISOString() ?? null,
  views: b.num_views,
  version: b.version,
  createdAt: b.created_at.toISOString(),
  updatedAt: b.updated_at.toISOString(),
});

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

export function blogDesk(db: Kysely<Database>) {
  async function get(id: string): Promise<BlogPostRecord> {
    if (!isUuid(id)) throw notFound('Blog post not found');
    const b = await db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!b) throw notFound('Blog post not found');
    return json(b);
  }

  /** Locks the post, checks the version read, applies `change`, audits and announces it. */
  async function change(
    id: string,
    version: number,
    action: string,
    actor: Actor,
    apply: (trx: Transaction<Database>, before: Blog) => Promise<void>,
  ): Promise<BlogPostRecord> {
    if (!isUuid(id)) throw notFound('Blog post not found');
    try {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('blogs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) throw notFound('Blog post not found');
        if (before.version !== version)
          throw versionConflict('This post was changed by someone else since you opened it. Reload it, then try again.');
        await apply(trx, before);
        const after = await trx.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        const { views: _b, ...was } = json(before);
        const { views: _a, ...now } = json(after);
        await recordAudit(trx, actor, { action, subject: { kind: 'blog', id }, before: was, after: now });
        await recordChange(trx, [blogTag(id), 'blogs']);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('Another post has this address (slug): choose another', 'slug');
      throw err;
    }
    return get(id);
  }

  return {
    get,
    async list(query: z.infer<typeof BlogPostQuery>): Promise<BlogPostListRecord> {
      let q = db.selectFrom('blogs');
      if (query.status === 'published') q = q.where('published_at', 'is not', null);
      if (query.status === 'draft') q = q.where('published_at', 'is', null);
      if (query.q) q = q.where('title', 'ilike', `%${escapeLike(query.q)}%`);
      const { rows, total } = await pageOf(q, query, (q) => q.selectAll().orderBy('updated_at', 'desc').orderBy('id'));
      return { posts: rows.map(json), total, page: query.page, pageSize: query.pageSize };
    },

    async create(input: z.infer<typeof BlogPostInput>, actor: Actor): Promise<BlogPostRecord> {
      try {
        const id = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('blogs')
            .values({
              title: input.title,
              slug: input.slug ?? (slugify(input.title) || noSlug()),
              description: sanitizeRichText(input.description),
              category: input.category,
              author: input.author,
              images: JSON.stringify(await describePictures(trx, input.images)),
              published_at: input.publish ? new Date() : null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const { views: _v, ...after } = json(row);
          await recordAudit(trx, actor, { action: 'blog.created', subject: { kind: 'blog', id: row.id }, after });
          await recordChange(trx, [blogTag(row.id), 'blogs']);
          return row.id;
        });
        return await get(id);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('Another post has this address (slug): choose another', 'slug');
        throw err;
      }
    },

    update: (id: string, input: z.infer<typeof BlogPostEdit>, actor: Actor) =>
      change(id, input.version, 'blog.updated', actor, async (trx) => {
        await trx
          .updateTable('blogs')
          .set((eb) => ({
            title: input.title,
            ...(input.slug ? { slug: input.slug } : {}),
            description: sanitizeRichText(input.description),
            category: input.category,
            author: input.author,
            version: eb('version', '+', 1),
            updated_at: new Date(),
          }))
          .where('id', '=', id)
          .execute();
        // The pictures on their own: describePictures refuses a photo never uploaded, before anything is written; a
        // picture named by its address alone keeps the words it had.
        const had = await trx.selectFrom('blogs').select('images').where('id', '=', id).executeTakeFirstOrThrow();
        await trx
          .updateTable('blogs')
          .set({ images: JSON.stringify(await describePictures(trx, input.images, had.images)) })
          .where('id', '=', id)
          .execute();
      }),

    publish: (id: string, version: number, actor: Actor) =>
      change(id, version, 'blog.published', actor, async (trx, before) => {
        if (before.published_at) throw conflict('This post is published already');
        await trx
          .updateTable('blogs')
          .set((eb) => ({ published_at: new Date(), version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', id)
          .execute();
      }),

    unpublish: (id: string, version: number, actor: Actor) =>
      change(id, version, 'blog.unpublished', actor, async (trx, before) => {
        if (!before.published_at) throw conflict('This post is a draft already');
        await trx
          .updateTable('blogs')
          .set((eb) => ({ published_at: null, version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', id)
          .execute();
      }),
  };
}

export type BlogDesk = ReturnType<typeof blogDesk>;
