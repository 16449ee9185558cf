import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createColumnHelper } from '@tanstack/react-table';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterSelect } from './list-filters';
import { ListPage, type Paged, useListParams } from './list-page';

interface Row {
  id: string;
  title: string;
}
const column = createColumnHelper<Row>();
const columns = [column.accessor('title', { header: 'Title' })];
const SHOWING = [
  ['ALL', 'All'],
  ['DRAFT', 'Drafts'],
] as const;

function Where() {
  return <span data-testid="where">{useLocation().search}</span>;
}

function Posts({ data, loading = false, error }: { data?: Paged<Row>; loading?: boolean; error?: unknown }) {
  const list = useListParams();
  return (
    <>
      <ListPage
        title="Posts"
        add={{ to: '/posts/new', text: 'Write a post' }}
        search="Title"
        filters={<FilterSelect filters={list} name="status" label="Showing" fallback="ALL" options={SHOWING} />}
        list={list}
        query={{ data, loading, error }}
        page={(d) => d}
        noun={['post', 'posts']}
        columns={columns}
      />
      <Where />
    </>
  );
}

afterEach(cleanup);

const at = (url: string, page: React.ReactNode) => render(<MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>);
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), title: `Post ${i}` }));

describe('a desk’s list page', () => {
  it('counts its rows in the table’s caption: loading, one, many, and a capped count', () => {
    at('/posts', <Posts loading />);
    expect(screen.getByRole('table', { name: 'Loading posts…' })).toBeInTheDocument();
    cleanup();
    at('/posts', <Posts data={{ items: rows(1), total: 1 }} />);
    expect(screen.getByRole('table', { name: '1 post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Posts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write a post' })).toHaveAttribute('href', '/posts/new');
  });

  it('says the refusal, and pages through the address, newer and older', () => {
    at('/posts?page=2', <Posts data={{ items: rows(25), total: 60 }} error={{ graphQLErrors: [{ message: 'Not allowed' }] }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?page=3');
  });

  it('searches and filters through the address, back to page 1; the fallback choice leaves the address', () => {
    at('/posts?page=3&q=old', <Posts data={{ items: rows(2), total: 2 }} />);
    const search = screen.getByRole('search');
    expect(search).toHaveClass('admin-filters');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Title' }), { target: { value: '  lens  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where')).toHaveTextContent('?q=lens');
    fireEvent.change(screen.getByRole('combobox', { name: 'Showing' }), { target: { value: 'DRAFT' } });
    expect(screen.getByTestId('where')).toHaveTextContent('?q=lens&status=DRAFT');
    fireEvent.change(screen.getByRole('combobox', { name: 'Showing' }), { target: { value: 'ALL' } });
    expect(screen.getByTestId('where')).toHaveTextContent('?q=lens');
  });

  it('counts a capped total as “or more”, and lets a full page go older', () => {
    at('/posts', <Posts data={{ items: rows(25), total: 1000, totalExact: false }} />);
    expect(screen.getByRole('table', { name: '1,000 or more posts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeEnabled();
  });
});
