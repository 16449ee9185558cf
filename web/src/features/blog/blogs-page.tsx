import { Link, useParams } from 'react-router-dom';
import { useBlogPageQuery, useBlogsPageQuery } from '../../__generated__/graphql';
import { Breadcrumb } from '../../app/breadcrumb';
import { useHead } from '../../app/head';
import { blogPostingLd, summary } from '../../app/seo';
import { LoadError, Skeleton } from '../../components/query-state';
import { SafeHtml } from '../../components/safe-html';
import { BLOG_CATEGORIES } from '../../config/constants';
import { ROUTES } from '../../config/routes';
import { NotFoundPage } from '../pages/not-found-page';
import { BLOG_PLACEHOLDER, BlogCard } from './blog-card';
import { formatBlogDate } from './format-date';

function Categories() {
  return (
    <aside className="filter-card" aria-label="Find By Categories">
      <h2>Find By Categories</h2>
      <ul>
        {BLOG_CATEGORIES.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </aside>
  );
}

export function BlogsPage() {
  const { data, error, refetch } = useBlogsPageQuery();
  useHead({ description: 'Digitic blog: news, guides and reviews of laptops, headphones, tablets, watches, TVs and cameras.' });
  return (
    <>
      <Breadcrumb title="Blogs" />
      <div className="container blog-layout">
        <Categories />
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
      </div>
    </>
  );
}

export function BlogPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useBlogPageQuery({ variables: { id } });
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
        <Categories />
        <article className="blog-detail">
          <Link to={ROUTES.blogs}>&larr; Go back to Blogs</Link>
          <h1>{blog.title}</h1>
          <p className="date">{formatBlogDate(blog.createdAt)}</p>
          <img src={blog.image?.url ?? BLOG_PLACEHOLDER} alt="" width={800} height={500} fetchPriority="high" />
          <SafeHtml html={blog.description} />
        </article>
      </div>
    </>
  );
}
