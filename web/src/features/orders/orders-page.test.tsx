import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MyOrdersDocument, type MyOrderFragment } from './__generated__/orders';
import { OrdersPage } from './orders-page';

const order: MyOrderFragment = {
  __typename: 'Order',
  id: '7f3c2a9e-41b0-4d5e-9a8b-0c1d2e3f4a5b',
  number: '7F3C2A9E',
  status: 'ORDERED',
  total: 129999,
  totalAfterDiscount: 119999,
  createdAt: '2025-01-02T10:00:00.000Z',
  canCancel: false,
  returnUntil: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  coupon: { __typename: 'AppliedCoupon', code: 'SAVE10', discount: 10000 },
  payment: { __typename: 'PaymentReference', providerOrderId: 'order_1' },
  steps: [],
  shipment: null,
  refunds: [],
  returns: [],
  items: [
    {
      __typename: 'OrderItem',
      id: 'i1',
      productId: 'p1',
      title: 'Apple MacBook Air 13-inch with the M3 chip',
      quantity: 1,
      price: 129899,
      color: { __typename: 'Color', id: 'c1', title: 'silver' },
    },
  ],
};

function renderOrders() {
  render(
    <MockedProvider mocks={[{ request: { query: MyOrdersDocument }, result: { data: { myOrders: [order] } } }]} cache={new InMemoryCache()}>
      <MemoryRouter>
        <OrdersPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  return screen.findByRole('article', { name: `Order ${order.id}` });
}

/** Each column's header cells, and the data-label of every cell under each (a phone shows the label). */
function columns(table: HTMLElement) {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  const labels = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.dataset.label),
    );
  return { headers, labels };
}

describe('my orders', () => {
  // At 390 px the orders were a squeezed grid of unnamed cells: a phone's cards name each value.
  it('names every value of an order and of its items by its column, for the cards of a phone', async () => {
    const article = await renderOrders();
    const [summary, items] = within(article).getAllByRole('table');
    expect(columns(summary!)).toEqual({
      headers: ['Order Id', 'Total Amount', 'Total Amount after Discount', 'Status'],
      labels: [['Order Id', 'Total Amount', 'Total Amount after Discount', 'Status']],
    });
    expect(columns(items!)).toEqual({
      headers: ['Product Name', 'Quantity', 'Price', 'Color'],
      labels: [['Product Name', 'Quantity', 'Price', 'Color']],
    });
  });

  it('keeps the spec’s values and texts', async () => {
    const article = await renderOrders();
    const [summary, items] = within(article).getAllByRole('table');
    expect(
      within(summary!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([order.id, 'Rs. 1,29,999', 'Rs. 1,19,999 (coupon SAVE10: -Rs. 10,000)', 'Ordered']);
    const cells = within(items!).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual([order.items[0]!.title, '1', 'Rs. 1,29,899', '']);
    expect(within(cells[3]!).getByRole('img', { name: 'Colour silver' })).toBeInTheDocument();
  });

  it('never puts "Rs." and its number on two lines', async () => {
    const article = await renderOrders();
    for (const amount of ['Rs. 1,29,999', 'Rs. 1,19,999', 'Rs. 10,000', 'Rs. 1,29,899']) {
      expect(within(article).getByText(amount)).toHaveStyle({ whiteSpace: 'nowrap' });
    }
    expect(within(article).getByText('Rs. 10,000').parentElement).toHaveTextContent(/^-Rs\. 10,000$/);
    expect(within(article).getByText('Rs. 10,000').parentElement).toHaveClass('order-discount');
  });
});
