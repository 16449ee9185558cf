import { ApolloLink } from '@apollo/client';
import { MockedProvider, MockLink, type MockedResponse } from '@apollo/client/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useToaster } from 'react-hot-toast/headless';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CartPageDocument } from './__generated__/cart-page';
import { UndoRemoveCartLineDocument } from './__generated__/cart-undo-remove';
import { RemoveCartLineDocument } from './__generated__/remove-cart-line';
import { UpdateCartLineDocument } from './__generated__/update-cart-line';
import { UNDO_TEXT } from './cart-line-actions';
import { CartPage } from './cart-page';
import { cart, line } from './cart-fixtures';
import { MESSAGES } from '../../config/messages';
import { createCache } from '../../lib/apollo';
import { SETTLE_MS } from '../../lib/settle';

const phone = line('l1', 'Phone', 2, 1000);
const watch = line('l2', 'Watch', 3, 500);
const update = (lineId: string, quantity: number, answer: ReturnType<typeof cart>): MockedResponse => ({
  request: { query: UpdateCartLineDocument, variables: { input: { lineId, quantity } } },
  result: { data: { updateCartLine: answer } },
});

/** The app's toaster in small (features do not import app/): it renders a toast's message, and a click closes it. */
function TestToasts() {
  const { toasts } = useToaster();
  return toasts
    .filter((t) => t.visible)
    .map((t) => (
      <div key={t.id} role="status" onClick={() => toast.dismiss(t.id)}>
        {typeof t.message === 'function' ? t.message(t) : t.message}
      </div>
    ));
}

/** Renders the page over mocks and records every operation it sends, mocked or not. */
function renderCart(mocks: MockedResponse[]) {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const record = new ApolloLink((operation, forward) => {
    sent.push({ name: operation.operationName, variables: operation.variables });
    return forward(operation);
  });
  const all = [{ request: { query: CartPageDocument }, result: { data: { cart: cart([phone, watch]) } } }, ...mocks];
  render(
    <MockedProvider link={record.concat(new MockLink(all, true))} cache={createCache()}>
      <MemoryRouter>
        <TestToasts />
        <CartPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  const mutations = (name: string) => sent.filter((op) => op.name === name).map((op) => op.variables);
  return { mutations };
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  act(() => toast.remove());
});

describe('the cart page', () => {
  // Typing 10 sent 1 (and remounted the field, losing the focus): the shopper ended with 1.
  it('sends one update for a number typed key by key, and the field keeps its text and the focus', async () => {
    const { mutations } = renderCart([update('l1', 10, cart([line('l1', 'Phone', 10, 1000), watch]))]);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity of Phone' });
    await userEvent.clear(field);
    await userEvent.type(field, '10');

    expect(await screen.findByText(MESSAGES.productUpdated, {}, { timeout: SETTLE_MS + 1000 })).toBeInTheDocument();
    await screen.findByText('Rs. 10,000');
    await pause(SETTLE_MS + 100);
    expect(mutations('UpdateCartLine')).toEqual([{ input: { lineId: 'l1', quantity: 10 } }]);
    expect(screen.getAllByText(MESSAGES.productUpdated)).toHaveLength(1);
    expect(field).toHaveValue(10);
    expect(field).toHaveFocus();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Phone' })).toBe(field);
  });

  it('sends the quantity plus one for +', async () => {
    const { mutations } = renderCart([update('l2', 4, cart([phone, line('l2', 'Watch', 4, 500)]))]);
    await userEvent.click(await screen.findByRole('button', { name: 'Increase Watch quantity' }));

    expect(screen.getByRole('spinbutton', { name: 'Quantity of Watch' })).toHaveValue(4);
    await waitFor(() => expect(mutations('UpdateCartLine')).toEqual([{ input: { lineId: 'l2', quantity: 4 } }]), {
      timeout: SETTLE_MS + 1000,
    });
    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
  });

  it('makes one update of rapid taps on +', async () => {
    const { mutations } = renderCart([update('l2', 6, cart([phone, line('l2', 'Watch', 6, 500)]))]);
    const more = await screen.findByRole('button', { name: 'Increase Watch quantity' });
    for (let i = 0; i < 3; i++) await userEvent.click(more);

    expect(await screen.findByText(MESSAGES.productUpdated, {}, { timeout: SETTLE_MS + 1000 })).toBeInTheDocument();
    await pause(SETTLE_MS + 100);
    expect(mutations('UpdateCartLine')).toEqual([{ input: { lineId: 'l2', quantity: 6 } }]);
    expect(screen.getAllByText(MESSAGES.productUpdated)).toHaveLength(1);
  });

  it('says so when an update fails, and shows the quantity the cart still has', async () => {
    renderCart([{ request: update('l1', 3, cart([])).request, error: new Error('offline') }]);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity of Phone' });
    await userEvent.clear(field);
    await userEvent.type(field, '3{Enter}');

    expect(await screen.findByText(MESSAGES.somethingWrongBang)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.productUpdated)).not.toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(2));
  });

  it('sends nothing for a quantity out of range and puts the last good value back when the field is left', async () => {
    const { mutations } = renderCart([]);
    const field = await screen.findByRole('spinbutton', { name: 'Quantity of Phone' });
    await userEvent.clear(field);
    await userEvent.type(field, '12');
    await pause(SETTLE_MS + 200);
    expect(field).toHaveValue(12);
    // Said beside the field while it stands, in the shop rule's words.
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be a whole number from 1 to 10');
    await userEvent.click(document.body);
    await pause(100);

    expect(mutations('UpdateCartLine')).toEqual([]);
    expect(field).toHaveValue(2);
    expect(screen.queryByText(MESSAGES.somethingWrongBang)).not.toBeInTheDocument();
    expect(screen.queryByText(/Quantity must be/)).not.toBeInTheDocument();
  });

  it('puts a deleted line back, same product, colour and quantity, from the toast’s Undo', async () => {
    const { mutations } = renderCart([
      { request: { query: RemoveCartLineDocument, variables: { lineId: 'l1' } }, result: { data: { removeCartLine: cart([watch]) } } },
      {
        request: { query: UndoRemoveCartLineDocument, variables: { input: { productId: 'p-l1', colorId: 'c-l1', quantity: 2 } } },
        result: { data: { addToCart: cart([watch, line('l3', 'Phone', 2, 1000)]) } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Phone' }));
    expect(await screen.findByText(MESSAGES.productDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Phone' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: UNDO_TEXT.undo }));

    expect(await screen.findByText(UNDO_TEXT.putBack)).toBeInTheDocument();
    expect(mutations('UndoRemoveCartLine')).toEqual([{ input: { productId: 'p-l1', colorId: 'c-l1', quantity: 2 } }]);
    expect(await screen.findByRole('row', { name: 'Phone' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.productDeleted)).not.toBeInTheDocument();
  });
});
