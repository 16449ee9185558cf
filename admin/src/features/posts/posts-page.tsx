import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPostStatus } from '../../__generated__/types';
import { DataTable } from '../../components/data-table';
import { Pager, useFilterParams } from '../../components/pager';
import { problem, when } from '../../lib/format';
import { type BlogPostsQuery, useBlogPostsQuery } from './__generated__/posts';

type Row = BlogPostsQuery['blogPosts']['items'][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('title', { header: 'Title', cell: (c) => <Link to={`/posts/${c.row.original.id}`}>{c.getValue()}</Link> }),
  column.accessor('category', { header: 'Category' }),
  column.accessor('author', { header: 'Author' }),
  column.accessor('publishedAt', { header: 'Published', cell: (c) => (c.getValue() ? when(c.getValue() as string) : 'Draft') }),
  column.accessor('updatedAt', { header: 'Changed', cell: (c) => when(c.getValue()) }),
];
const PAGE_SIZE = 25;

/** The blog's posts, drafts and published: search by title; write a new one. */
export function PostsPage() {
  const { params, set, page } = useFilterParams();
  const status = (params.get('status') as BlogPostStatus | null) ?? 'ALL';
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const { data, error, loading } = useBlogPostsQuery({
    variables: { status, page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) },
    fetchPolicy: 'cache-and-network',
  });
  const total = data?.blogPosts.total ?? 0;
  return (
    <section>
      <h1>Blog posts</h1>
      <p>
        <Link to="/posts/new">Write a post</Link>
      </p>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', typed.trim() || null);
        }}
      >
        <label>
          Showing
          <select value={status} onChange={(e) => set('status', e.target.value === 'ALL' ? null : e.target.value)}>
            <option value="ALL">All</option>
            <option value="PUBLISHED">Published</option>
            <option value="DRAFT">Drafts</option>
          </select>
        </label>
        <label>
          Title
          <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.blogPosts.items ?? []}
        columns={columns}
        caption={loading && !data ? 'Loading posts…' : `${total} post${total === 1 ? '' : 's'}`}
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={(n) => set('page', String(n))} />
    </section>
  );
}
