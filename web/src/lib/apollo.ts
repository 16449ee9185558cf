import { ApolloClient, from, HttpLink, InMemoryCache } from '@apollo/client';
import { setContext } from '@apollo/client/link/context';
import { onError } from '@apollo/client/link/error';
import { ROUTES } from '../config/routes';
import { storedToken } from './storage';

const auth = setContext((_op, { headers }: { headers?: Record<string, string> }) => {
  const token = storedToken();
  return { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } };
});

// An expired or rejected token signs the customer out and sends them to the login page.
const signOutOnUnauthenticated = onError(({ graphQLErrors }) => {
  if (graphQLErrors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED') && storedToken()) {
    localStorage.clear();
    window.location.assign(ROUTES.login);
  }
});

export function createApolloClient(uri = '/graphql') {
  return new ApolloClient({
    link: from([signOutOnUnauthenticated, auth, new HttpLink({ uri })]),
    cache: new InMemoryCache({
      typePolicies: {
        Query: { fields: { products: { keyArgs: ['filter', 'sort', 'page', 'pageSize'] } } },
        ProductPage: { keyFields: false },
        ShopInfo: { keyFields: [] },
      },
    }),
  });
}
