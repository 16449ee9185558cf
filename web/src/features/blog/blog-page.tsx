import { Link, useParams } from 'react-router-dom';
import { Picture } from '../../components/picture';
import { BlogPageDocument, useBlogPageQuery } from './__generated__/blog-page';
import type { LoadPageData } from '../../lib/page-data';
import { Breadcrumb } from '../../components/breadcrumb';
import { useHead } from '../../lib/head';
import { blogPostingLd, summary } from '../../lib/seo';
import { LoadError, Skeleton } from '../../components/query-state';
import { SafeHtml } from '../../components/safe-html';
import { ROUTES } from '../../config/routes';
import { NotFoundPage } from '../../components/not-found-page';
import { BLOG_PLACEHOLDER } from '../../components/blog-card';
import { formatBlogDate, useShopTimeZone } from '../../lib/format-date';
import { BlogCategories } from './blog-categories';
import './blog.css';
/** The post's data for the server's one render (see lib/page-data.ts). */
export const loadData: LoadPageData = ({ client, params }) => client.query({ query: BlogPageDocument, variables: { id: params.id ?? '' } });

export function BlogPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useBlogPageQuery({ variables: { id } });
  const timeZone = useShopTimeZone();
  const post = data?.blog;
  useHead(
    post
      ? {
          description: summary(post.description),
          image: post.image?.url ?? BLOG_PLACEHOLDER,
          type: 'article',
          jsonLd: [blogPostingLd(post)],
        }
      : {},
  );
  if (error && !data) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (loading && !data) {
    return (
      <div className="container page-section" aria-busy="true">
        <Skeleton height={40} width="60%" />
        <Skeleton height={400} />
      </div>
    );
  }
  const blog = data?.blog;
  if (!blog) return <NotFoundPage />;
  return (
    <>
      <Breadcrumb title={blog.title} />
      <div className="container blog-layout">
        <article className="blog-detail">
          <Link to={ROUTES.blogs}>&larr; Go back to Blogs</Link>
          <h1>{blog.title}</h1>
          <p className="date">{formatBlogDate(blog.createdAt, timeZone)}</p>
          <Picture
            image={blog.image ?? { url: BLOG_PLACEHOLDER }}
            alt=""
            width={800}
            height={500}
            sizes="(max-width: 840px) 100vw, 800px"
            fetchPriority="high"
          />
          <SafeHtml html={blog.description} />
        </article>
        {/* After the post: on a phone the post comes first; blog.css puts the list on the left of wider screens. */}
        <BlogCategories />
      </div>
    </>
  );
}
