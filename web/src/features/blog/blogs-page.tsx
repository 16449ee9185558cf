import { BlogsPageDocument, useBlogsPageQuery } from './__generated__/blogs-page';
import type { LoadPageData } from '../../lib/page-data';
import { Breadcrumb } from '../../components/breadcrumb';
import { useHead } from '../../lib/head';
import { LoadError, Skeleton } from '../../components/query-state';
import { BlogCard } from '../../components/blog-card';
import { BlogCategories } from './blog-categories';
import './blog.css';
/** The blog list's data for the server's one render (see lib/page-data.ts). */
export const loadData: LoadPageData = ({ client }) => client.query({ query: BlogsPageDocument });

export function BlogsPage() {
  const { data, error, refetch } = useBlogsPageQuery();
  useHead({ description: 'Digitic blog: news, guides and reviews of laptops, headphones, tablets, watches, TVs and cameras.' });
  return (
    <>
      <Breadcrumb title="Blogs" />
      <div className="container blog-layout">
        <section aria-label="Blogs">
          {error && !data ? (
            <LoadError error={error} onRetry={() => void refetch()} />
          ) : !data ? (
            <div className="blog-grid" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={380} />
              ))}
            </div>
          ) : (
            <div className="blog-grid">
              {data.blogs.map((b, i) => (
                <BlogCard key={b.id} blog={b} eager={i < 2} />
              ))}
            </div>
          )}
        </section>
        {/* After the posts in reading order (first on a phone); beside them on a wide screen (blog.css's grid areas). */}
        <BlogCategories />
      </div>
    </>
  );
}
