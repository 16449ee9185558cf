import type { BlogRecord } from './types.js';
import { orNull, segment, type Upstream } from './upstream.js';

export class BlogsApi {
  constructor(private readonly upstream: Upstream) {}

  list = () => this.upstream.get<BlogRecord[]>('blog');
  byId = (id: string) => orNull(this.upstream.get<BlogRecord>(`blog/${segment(id, 'Blog')}`));
}
