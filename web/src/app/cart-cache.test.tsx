import { InMemoryCache } from '@apollo/client';
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CartPageDocument } from '../features/cart/__generated__/cart-page';
import { RemoveCartLineDocument } from '../features/cart/__generated__/remove-cart-line';
import { UpdateCartLineDocument } from '../features/cart/__generated__/update-cart-line';
import { HeaderCartDocument } from './__generated__/header';
import { ShopInfoDocument } from '../lib/__generated__/shop-info';
import { Header } from './header';
import { CartPage } from '../features/cart/cart-page';
import { cart, line } from '../features/cart/cart-fixtures';

const phone = line('l1', 'Phone', 1, 1000);
const watch = line('l2', 'Watch', 2, 500);

// Each query is mocked once: a refetch would find no mock and fail the test.
const mocks: MockedResponse[] = [
  { request: { query: CartPageDocument }, result: { data: { cart: cart([phone, watch]) } } },
  { request: { query: HeaderCartDocument }, result: { data: { cart: { __typename: 'Cart', id: 'c1', lineCount: 2 } } } },
  {
    request: { query: ShopInfoDocument },
    result: {
      data: {
        shopInfo: {
          __typename: 'ShopInfo',
          name: 'Digitic',
          phone: '1',
          email: 'a@b.c',
          address: 'x',
          timeZone: 'Asia/Kolkata',
          hours: 'h',
          currencyPrefix: 'Rs.',
          shippingFee: 100,
          freeShippingNotice: 'n',
        },
        productFacets: { __typename: 'ProductFacets', categories: [] },
      },
    },
  },
  { request: { query: RemoveCartLineDocument, variables: { lineId: 'l1' } }, result: { data: { removeCartLine: cart([watch]) } } },
  {
    request: { query: UpdateCartLineDocument, variables: { input: { lineId: 'l2', quantity: 4 } } },
    result: { data: { updateCartLine: cart([line('l2', 'Watch', 4, 500)]) } },
  },
];

describe('the cart keeps the cache right without refetching', () => {
  it('updates the header badge and the subtotal from the mutation results', async () => {
    localStorage.setItem(
      'customer',
      JSON.stringify({ _id: 'u1', token: 't', firstname: 'Asha', lastname: 'P', email: 'a@b.c', mobile: null }),
    );
    render(
      <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
        <MemoryRouter>
          <Header />
          <CartPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const badge = screen.getByTestId('cart-badge');
    expect(await screen.findByRole('row', { name: 'Phone' })).toBeInTheDocument();
    expect(badge).toHaveTextContent('2');
    const summary = () => document.querySelector('.cart-summary') as HTMLElement;
    expect(within(summary()).getByText('Rs. 2,000')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Phone' }));
    await screen.findByText((_, el) => el === badge && badge.textContent === '1');
    expect(screen.queryByRole('row', { name: 'Phone' })).not.toBeInTheDocument();
    expect(within(summary()).getByText('Rs. 1,000')).toBeInTheDocument();

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Watch' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await screen.findByText(
      (_, el) => el?.classList.contains('price') === true && el.closest('.cart-summary') !== null && el.textContent === 'Rs. 2,000',
    );
    expect(badge).toHaveTextContent('1');
  });
});
