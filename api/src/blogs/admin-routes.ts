import type { AppDeps } from '../deps.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { parseInput } from '../http/validate.js';
import { BlogPostEdit, BlogPostInput, BlogPostQuery, BlogVersion } from './desk.js';

/** The blog's posts under /api/admin/content/posts, each route declared with its permission. */
export function blogsAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'blogDesk'>) {
  const { blogDesk } = deps;
  declare('get', '/admin/content/posts', 'content:write', async (req, res) => {
    res.json(await blogDesk.list(parseInput(BlogPostQuery, req.query)));
  });
  declare('post', '/admin/content/posts', 'content:write', async (req, res) => {
    res.status(201).json(await blogDesk.create(parseInput(BlogPostInput, req.body), actor(req, res)));
  });
  declare('get', '/admin/content/posts/:id', 'content:write', async (req, res) => {
    res.json(await blogDesk.get(id(req)));
  });
  declare('put', '/admin/content/posts/:id', 'content:write', async (req, res) => {
    res.json(await blogDesk.update(id(req), parseInput(BlogPostEdit, req.body), actor(req, res)));
  });
  declare('post', '/admin/content/posts/:id/publish', 'content:write', async (req, res) => {
    res.json(await blogDesk.publish(id(req), parseInput(BlogVersion, req.body).version, actor(req, res)));
  });
  declare('post', '/admin/content/posts/:id/unpublish', 'content:write', async (req, res) => {
    res.json(await blogDesk.unpublish(id(req), parseInput(BlogVersion, req.body).version, actor(req, res)));
  });
}
