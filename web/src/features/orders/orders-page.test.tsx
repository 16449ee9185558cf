import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
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
  taxDocuments: [
    {
      __typename: 'TaxDocument',
      kind: 'INVOICE',
      number: 'INV/26-27/000001',
      pdfUrl: '/api/user/tax-documents/d1/pdf',
    },
  ],
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

  it('downloads its tax invoice with the shopper’s sign-in, named by its number', async () => {
    localStorage.setItem('token', 'shopper-token');
    const asked: { url: string; auth: string | null }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      asked.push({ url, auth: new Headers(init?.headers).get('authorization') });
      return { ok: true, status: 200, blob: () => Promise.resolve(new Blob(['%PDF-1.3'], { type: 'application/pdf' })) } as Response;
    }) as typeof fetch;
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:invoice';
    URL.revokeObjectURL = () => {};
    try {
      const article = await renderOrders();
      within(article).getByRole('button', { name: 'Download tax invoice INV/26-27/000001 (PDF)' }).click();
      await vi.waitFor(() => expect(asked.length).toBe(1));
      await vi.waitFor(() => expect(saved).toEqual(['INV-26-27-000001.pdf']));
      expect(asked).toEqual([{ url: '/api/user/tax-documents/d1/pdf', auth: 'Bearer shopper-token' }]);
    } finally {
      globalThis.fetch = realFetch;
      click.mockRestore();
      localStorage.clear();
    }
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
