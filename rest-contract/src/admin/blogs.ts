import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// The blog's posts in the back office (/api/admin/content/posts). The storefront's blog is ../blogs.ts.

/** A blog post as the desk shows it: the HTML as kept (sanitized on write), draft or published. */
export interface BlogPostRecord {
  id: string;
  title: string;
  slug: string;
  description: string;
  category: string;
  author: string;
  images: string[];
  /** Null while the post is a draft. */
  publishedAt: string | null;
  views: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface BlogPostListRecord extends PageRecord {
  posts: BlogPostRecord[];
}

/** GET /api/admin/content/posts: published or draft (all when not given), words of the title, a page. */
export interface BlogPostQuery extends PageQuery {
  status?: 'published' | 'draft' | 'all';
  q?: string;
}

/** A post's fields as the desk api takes them. */
export interface BlogPostBody {
  title: string;
  slug?: string;
  description: string;
  category: string;
  author?: string;
  images?: string[];
}

/** POST /api/admin/content/posts: a draft, or published at once. */
export interface NewBlogPostBody extends BlogPostBody {
  publish?: boolean;
}

/** PUT /api/admin/content/posts/:id: the fields, with the version read. */
export type BlogPostEditBody = BlogPostBody & VersionBody;
