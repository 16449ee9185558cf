import { touch } from '../cache/catalogue-sync.js';
import type { BlogRecord } from './types.js';
import { orNull, segment, type Upstream } from './upstream.js';

export class BlogsApi {
  constructor(private readonly upstream: Upstream) {}

  list = () => {
    touch('blogs');
    return this.upstream.get<BlogRecord[]>('blog');
  };
  byId = (id: string) => {
    touch(`blog:${id}`);
    return orNull(this.upstream.get<BlogRecord>(`blog/${segment(id, 'Blog')}`));
  };
}
