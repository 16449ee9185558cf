import type {
  BlogPostBody,
  BlogPostEditBody,
  BlogPostListRecord,
  BlogPostQuery,
  BlogPostRecord,
  NewBlogPostBody,
  VersionBody,
} from '@digitic/rest-contract';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

/** The blog's posts, drafts and published (content:write). */
export class BlogsApi extends Desk<BlogPostQuery, BlogPostListRecord, BlogPostRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/content/posts', 'Blog post');
  }

  create = (body: NewBlogPostBody) => this.add<NewBlogPostBody>(body);
  update = (id: string, version: number, body: BlogPostBody) => this.put<BlogPostEditBody>(id, { ...body, version });
  publish = (id: string, version: number, publish: boolean) => this.act<VersionBody>(id, publish ? 'publish' : 'unpublish', { version });
}
