import type { Resolvers } from './__generated__/resolvers-types.js';
import { Cart, CartLine } from './resolvers/cart.js';
import { Mutation } from './resolvers/mutation.js';
import { Customer, Enquiry, Order, OrderItem } from './resolvers/order.js';
import { Blog, Color, Product, Review } from './resolvers/product.js';
import { Query } from './resolvers/query.js';

export const resolvers: Resolvers = {
  Query,
  Mutation,
  Product,
  Color,
  Review,
  Blog,
  Cart,
  CartLine,
  Order,
  OrderItem,
  Customer,
  Enquiry,
  Wishlist: {
    id: (w) => w.customerId,
  },
  ProductPage: {
    hasNextPage: (page) => page.page * page.pageSize < page.totalCount || (!page.totalCountIsExact && page.items.length === page.pageSize),
    facets: (_page, _args, { api }) => api.facets(),
  },
};
