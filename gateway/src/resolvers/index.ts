import type { Resolvers } from '../__generated__/resolvers-types.js';
import { Blog } from './blog.js';
import { Cart } from './cart.js';
import { CartLine } from './cart-line.js';
import { Color } from './color.js';
import { Customer } from './customer.js';
import { Enquiry } from './enquiry.js';
import { Image } from './image.js';
import { Mutation } from './mutation.js';
import { Order, Refund, Return } from './order.js';
import { OrderItem } from './order-item.js';
import { Product } from './product.js';
import { ProductPage, SearchUnderstanding } from './product-page.js';
import { Query } from './query.js';
import { Review } from './review.js';
import { Wishlist } from './wishlist.js';

// One file per schema type, named after it; what several share is under support/.
export const resolvers: Resolvers = {
  Query,
  Mutation,
  Product,
  ProductPage,
  SearchUnderstanding,
  Color,
  Image,
  Review,
  Blog,
  Cart,
  CartLine,
  Wishlist,
  Order,
  Refund,
  Return,
  OrderItem,
  Customer,
  Enquiry,
};
