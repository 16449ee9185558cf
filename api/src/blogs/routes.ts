import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import type { Blog } from '../db/schema.js';
import { notFound } from '../domain/errors.js';
import { pathId } from '../http/validate.js';
import { cleanStoredHtml } from '@digitic/server-kit/sanitize';
import type { BlogRecord } from '@digitic/rest-contract';

export function blogJson(b: Blog) {
  const json = {
    _id: b.id,
    title: b.title,
    slug: b.slug,
    description: cleanStoredHtml(b.description),
    category: b.category,
    images: b.images,
    author: b.author,
    numViews: b.num_views,
    // A post is dated, and listed, by when it was published (a draft written earlier is not back-dated).
    createdAt: (b.published_at ?? b.created_at).toISOString(),
    updatedAt: b.updated_at.toISOString(),
  };
  return json satisfies BlogRecord;
}

export function blogsRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/blog', async (_req, res) => {
    // Published posts only: a draft is the desk's until it is published.
    const blogs = await deps.db
      .selectFrom('blogs')
      .selectAll()
      .where('published_at', 'is not', null)
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .execute();
    res.json(blogs.map(blogJson));
  });
  router.get('/blog/:id', async (req, res) => {
    const blog = await deps.db
      .selectFrom('blogs')
      .selectAll()
      .where('id', '=', pathId(req.params.id, 'Blog'))
      .where('published_at', 'is not', null)
      .executeTakeFirst();
    if (!blog) throw notFound('Blog not found');
    res.json(blogJson(blog));
  });
  return router;
}
