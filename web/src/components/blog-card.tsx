import type { BlogCard_BlogFragment } from './__generated__/blog-card';
import { Picture } from './picture';
import { Link } from 'react-router-dom';
import { BLOG_EXCERPT_LIMIT } from '../config/constants';
import { ROUTES } from '../config/routes';
import { textOf } from '../lib/html-text';
import { formatBlogDate, useShopTimeZone } from '../lib/format-date';
import './blog-card.css';

/** The text of a blog's HTML, cut to a length with an ellipsis (spec §2). */
export function excerpt(html: string, limit: number): string {
  const text = textOf(html);
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

export const BLOG_PLACEHOLDER = '/api/images/blog/laptop-1.svg';

/** `eager` for the first cards of the blog list, which show before any scrolling. */
export function BlogCard({ blog, eager = false }: { blog: BlogCard_BlogFragment; eager?: boolean }) {
  const timeZone = useShopTimeZone();
  return (
    <article className="blog-card" aria-label={blog.title}>
      <Picture
        image={blog.image ?? { url: BLOG_PLACEHOLDER }}
        alt=""
        width={400}
        height={250}
        sizes="(max-width: 575px) 100vw, 400px"
        loading={eager ? undefined : 'lazy'}
      />
      <div className="blog-card-body">
        <p className="date">{formatBlogDate(blog.createdAt, timeZone)}</p>
        <h3>{blog.title}</h3>
        <p className="desc">{excerpt(blog.description, BLOG_EXCERPT_LIMIT)}</p>
        <Link to={ROUTES.blog(blog.id)} className="button">
          Read More<span className="visually-hidden">: {blog.title}</span>
        </Link>
      </div>
    </article>
  );
}
