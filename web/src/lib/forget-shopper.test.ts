import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from './apollo';
import { forgetShopper } from './forget-shopper';

const ACCOUNT = gql`
  query Account {
    me {
      id
      email
      firstname
    }
    myOrders {
      id
      total
    }
    cart {
      lines {
        id
        quantity
        product {
          id
          title
        }
      }
    }
  }
`;
const PRODUCT = gql`
  query Product {
    product(id: "p1") {
      id
      title
    }
  }
`;

describe('forgetting the shopper', () => {
  it("drops their profile, orders and cart from the cache, and keeps the shop's public records", () => {
    const cache = createCache();
    cache.writeQuery({
      query: PRODUCT,
      data: { product: { __typename: 'Product', id: 'p1', title: 'Sony WH-1000XM5' } },
    });
    cache.writeQuery({
      query: ACCOUNT,
      data: {
        me: { __typename: 'Customer', id: 'c1', email: 'asha@example.com', firstname: 'Asha' },
        myOrders: [{ __typename: 'Order', id: 'o1', total: 29990 }],
        cart: {
          __typename: 'Cart',
          lines: [
            { __typename: 'CartLine', id: 'l1', quantity: 1, product: { __typename: 'Product', id: 'p1', title: 'Sony WH-1000XM5' } },
          ],
        },
      },
    });
    expect(JSON.stringify(cache.extract())).toContain('asha@example.com');

    forgetShopper(cache);

    const left = JSON.stringify(cache.extract());
    expect(left).not.toContain('asha@example.com');
    expect(left).not.toContain('Order:o1');
    expect(left).not.toContain('CartLine:l1');
    expect(cache.readQuery<{ product: unknown }>({ query: PRODUCT })?.product).toEqual({
      __typename: 'Product',
      id: 'p1',
      title: 'Sony WH-1000XM5',
    });
  });
});
