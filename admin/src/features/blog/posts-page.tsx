import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { BlogPostStatus } from '../../__generated__/types';
import { FilterSelect } from '../../components/list-filters';
import { ListPage, useListParams } from '../../components/list-page';
import { when } from '../../lib/format';
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
const SHOWING = [
  ['ALL', 'All'],
  ['PUBLISHED', 'Published'],
  ['DRAFT', 'Drafts'],
] as const;

/** The blog's posts, drafts and published: search by title; write a new one. */
export function PostsPage() {
  const list = useListParams();
  const status = list.choice<BlogPostStatus>('status', 'ALL');
  const query = useBlogPostsQuery({ variables: { status, ...list.paging, ...list.search }, fetchPolicy: 'cache-and-network' });
  return (
    <ListPage
      title="Blog posts"
      add={{ to: '/posts/new', text: 'Write a post' }}
      search="Title"
      filters={<FilterSelect filters={list} name="status" label="Showing" fallback="ALL" options={SHOWING} />}
      list={list}
      query={query}
      page={(d) => d.blogPosts}
      noun={['post', 'posts']}
      columns={columns}
    />
  );
}
