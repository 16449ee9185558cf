import { MockedProvider } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cardTitle, ProductCard } from './product-card';

const long = 'Samsung Galaxy Book4 Pro 360 Intel Core Ultra 7 155H 16 inch AMOLED 2-in-1 Touchscreen Laptop with S Pen';
const product = {
  __typename: 'Product' as const,
  id: 'p1',
  title: long,
  price: 149999,
  rating: 4,
  images: [{ __typename: 'Image' as const, url: '/a.svg', srcset: null, avifSrcset: null, webpSrcset: null }],
  inWishlist: true,
};

const renderCard = (grid: 3 | 4 | 6 | 12) =>
  render(
    <MockedProvider>
      <MemoryRouter>
        <ProductCard product={product} grid={grid} />
      </MemoryRouter>
    </MockedProvider>,
  );

describe('the product card title', () => {
  it('cuts a title over 80 characters with an ellipsis on the 3 and 4 grids', () => {
    expect(cardTitle(long, 3)).toBe(`${long.slice(0, 80)}...`);
    expect(cardTitle(long, 4)).toHaveLength(83);
    expect(cardTitle('Short title', 4)).toBe('Short title');
    expect(cardTitle('x'.repeat(80), 3)).toBe('x'.repeat(80));
  });

  it('shows the whole title on the 6 and 12 grids', () => {
    expect(cardTitle(long, 6)).toBe(long);
    expect(cardTitle(long, 12)).toBe(long);
  });

  it('renders price in rupees, a read-only rating, a filled heart and links to the product', () => {
    renderCard(4);
    expect(screen.getByRole('link', { name: `${long.slice(0, 80)}...` })).toHaveAttribute('href', '/product/p1');
    expect(screen.getByText('Rs. 1,49,999')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rating: 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Remove ${long} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: long }).closest('a')).toHaveAttribute('href', '/product/p1');
  });

  it('renders the full title on a wide grid', () => {
    renderCard(12);
    expect(screen.getByRole('heading', { name: long })).toBeInTheDocument();
  });
});
