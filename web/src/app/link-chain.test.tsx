import { ApolloProvider } from '@apollo/client';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toast } from 'react-hot-toast/headless';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import Toasts from './toasts';
import { type BlogsPageQuery, BlogsPageDocument } from '../features/blog/__generated__/blogs-page';
import { BlogsPage } from '../features/blog/blogs-page';
import { type CartPageQuery, CartPageDocument } from '../features/cart/__generated__/cart-page';
import { CartPage } from '../features/cart/cart-page';
import { type LoginMutation, type LoginMutationVariables, LoginDocument } from '../features/account/__generated__/login';
import { LoginPage } from '../features/account/login-page';
import { MESSAGES } from '../config/messages';
import { createMockApi } from '../mocks/mock-api';
import { graphQLError, mockApiHandler, operation, readGraphQLRequest } from '../mocks/handlers';
import { createApolloClient } from '../lib/apollo';
import { storeCustomer, storedToken } from '../lib/storage';

// The app's own Apollo link chain (auth header, trusted ids, 401 and 429 answers, network failures)
// against msw at the network's edge: MockedProvider would skip every one of those links.

const api = createMockApi();
const server = setupServer(mockApiHandler(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  act(() => toast.remove());
});
afterAll(() => server.close());

function show(page: React.ReactNode, path = '/') {
  const client = createApolloClient('http://shop.test/graphql');
  render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {page}
        <Toasts />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return client;
}

function signInAs(firstname: string) {
  const { token, customer } = api.signedInCustomer(firstname);
  storeCustomer({ ...customer, _id: customer.id, token });
  return token;
}

describe("the web app's link chain, against msw", () => {
  it("sends a query's trusted id alone, as GET, with the customer's token", async () => {
    const token = signInAs('Meera');
    const seen: { method: string; authorization: string | null; query?: string; id?: string }[] = [];
    server.use(
      operation<CartPageQuery, Record<string, never>>(CartPageDocument, async ({ request }) => {
        const body = await readGraphQLRequest(request);
        seen.push({
          method: request.method,
          authorization: request.headers.get('authorization'),
          query: body.query,
          id: body.extensions?.persistedQuery?.sha256Hash,
        });
        return {
          __typename: 'Query',
          cart: { __typename: 'Cart', id: 'c1', lineCount: 0, subtotal: 0, shipping: 100, total: 100, gstPaise: 1525, lines: [] },
        };
      }),
    );
    show(<CartPage />, '/cart');
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', authorization: `Bearer ${token}`, query: undefined });
    expect(seen[0]?.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs the customer out and sends them to the login page when the gateway says the token is no good (401)', async () => {
    signInAs('Ravi');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      operation<CartPageQuery, Record<string, never>>(CartPageDocument, () => graphQLError(401, 'Please sign in again', 'UNAUTHENTICATED')),
    );
    try {
      show(<CartPage />, '/cart');
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
      expect(storedToken()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the gateway's words when sign-ins are rate limited (429)", async () => {
    server.use(
      operation<LoginMutation, LoginMutationVariables>(LoginDocument, ({ variables }) => {
        expect(variables.input.email).toBe('asha@example.com');
        return graphQLError(429, 'Too many failed sign-in attempts. Please try again in 15 minutes.', 'RATE_LIMITED');
      }),
    );
    show(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'not my password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(storedToken()).toBeNull();
  });

  it('offers "Try again" when the network fails, and shows the page once it answers', async () => {
    let fail = true;
    server.use(
      operation<BlogsPageQuery, Record<string, never>>(BlogsPageDocument, () => (fail ? HttpResponse.error() : (undefined as never))),
    );
    show(<BlogsPage />, '/blogs');
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
    fail = false;
    server.resetHandlers(); // the mock api answers again
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByText('How to choose a laptop for college')).toBeInTheDocument();
  });

  it('signs in through the mock api: the same handlers that run the app alone (npm run dev:mock)', async () => {
    const client = show(<LoginPage />, '/login');
    const { register } = (
      await client.mutate({
        mutation: (await import('../features/account/__generated__/register')).RegisterDocument,
        variables: { input: { firstname: 'Asha', email: 'asha.mock@example.com', password: 'a long password' } },
      })
    ).data as { register: { id: string } };
    expect(register.id).toMatch(/^mock-customer-/);
    await userEvent.type(screen.getByLabelText('Email'), 'asha.mock@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.userLoggedIn)).toBeInTheDocument();
    expect(storedToken()).toMatch(/^mock-token-/);
  });
});
