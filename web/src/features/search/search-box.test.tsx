import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SearchProductsDocument } from './__generated__/search';
import { SearchBox } from './search-box';

const item = (id: string, title: string) => ({ __typename: 'Product' as const, id, title });
const result = (items: ReturnType<typeof item>[], hasMore: boolean, endCursor: string | null) => ({
  data: {
    searchProducts: { __typename: 'ProductSearchResult' as const, items, totalCount: items.length + (hasMore ? 8 : 0), hasMore, endCursor },
  },
});

const mocks: MockedResponse[] = [
  { request: { query: SearchProductsDocument, variables: { query: 'zz', first: 8 } }, result: result([], false, null) },
  { request: { query: SearchProductsDocument, variables: { query: 'Sony  Camera', first: 8 } }, result: result([], false, null) },
  {
    request: { query: SearchProductsDocument, variables: { query: 'pro', first: 8 } },
    result: result(
      Array.from({ length: 8 }, (_, i) => item(`p${i}`, `Pro ${i}`)),
      true,
      'cGFnZTox',
    ),
  },
  {
    request: { query: SearchProductsDocument, variables: { query: 'pro', first: 8, after: 'cGFnZTox' } },
    result: result([item('p8', 'Pro 8')], false, null),
  },
];

function Searched() {
  const [params] = useSearchParams();
  return <p>results for {params.get('q')}</p>;
}

function renderBox() {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<SearchBox />} />
          <Route path="/product/:id" element={<p>product page</p>} />
          <Route path="/product" element={<Searched />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search products' });
}

describe('the search box', () => {
  it('has the spec placeholder and starts closed', () => {
    const box = renderBox();
    expect(box).toHaveAttribute('placeholder', 'Search for Products here');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('says No matches found. when nothing matches', async () => {
    const box = renderBox();
    await userEvent.type(box, 'zz');
    expect(await screen.findByText('No matches found.')).toBeInTheDocument();
  });

  it('lists matches, loads more with Display additional results..., and opens a choice with the keyboard', async () => {
    const box = renderBox();
    await userEvent.type(box, 'pro');
    expect(await screen.findByRole('option', { name: 'Pro 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Display additional results...' }));
    expect(await screen.findByRole('option', { name: 'Pro 8' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Display additional results...' })).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('product page')).toBeInTheDocument();
  });

  it('opens the results page for the words in their one spelling on Enter', async () => {
    const box = renderBox();
    await userEvent.type(box, ' Sony  Camera{Enter}');
    expect(await screen.findByText('results for sony camera')).toBeInTheDocument();
  });

  it('sends nothing for a blank search', async () => {
    const box = renderBox();
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByText(/results for/)).not.toBeInTheDocument();
  });
});
