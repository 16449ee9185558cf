import { cacheControlFromInfo } from '@apollo/cache-control-types';
import type { QueryResolvers } from '../__generated__/resolvers-types.js';
import { badInput } from '../errors.js';
import { cartModel } from './cart.js';
import { couponArg } from './support/coupon.js';
import { forCustomers } from './support/guard.js';
import { intInRange, MAX_FIRST, MAX_PAGE_SIZE, text } from './support/limits.js';
import { shopInfo } from './support/shop-info.js';
import { countryOf, namedFacets } from './support/countries.js';
import { POLICY_SLUGS, policyPage } from './support/policies.js';

const SORTS = {
  TITLE_ASC: 'title',
  TITLE_DESC: '-title',
  PRICE_ASC: 'price',
  PRICE_DESC: '-price',
  OLDEST: 'createdAt',
  NEWEST: '-createdAt',
  COUNTRY_OF_ORIGIN_ASC: 'countryOfOrigin',
  // The api's own order for a search (relevance, then sales and ratings); its default order without one.
  BEST_MATCH: undefined,
} as const;

/** A search is read up to this many characters (the api searches its first 100 and says it cut the rest). */
const SEARCH_MAX = 1000;

const cursorOf = (page: number) => Buffer.from(`page:${page}`).toString('base64url');
function pageOf(cursor: string | null | undefined): number {
  if (!cursor) return 1;
  const match = /^page:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badInput('after is not a cursor from this search', 'after');
  return Number(match[1]) + 1;
}

export const Query: QueryResolvers = {
  async products(_root, { filter, sort, page, pageSize }, { api }, info) {
    const p = intInRange(page, 1, 1, 100_000, 'page');
    const size = intInRange(pageSize, 20, 1, MAX_PAGE_SIZE, 'pageSize');
    for (const key of ['minPrice', 'maxPrice'] as const) {
      const v = filter?.[key];
      if (v != null && v < 0) throw badInput(`${key} must not be negative`, key);
    }
    const color = filter?.color?.trim();
    if (color !== undefined && !/^[0-9a-f-]{36}$/i.test(color)) throw badInput('color is not a colour id from productFacets', 'color');
    const country = filter?.countryOfOrigin?.trim().toUpperCase();
    if (country && !countryOf(country))
      throw badInput('countryOfOrigin is a two-letter country code (ISO 3166-1), such as IN', 'countryOfOrigin');
    const params = {
      countryOfOrigin: country || undefined,
      category: text(filter?.category, 'category'),
      brand: text(filter?.brand, 'brand'),
      tags: text(filter?.tag, 'tag'),
      search: text(filter?.search, 'search', SEARCH_MAX),
      color,
      minPrice: filter?.minPrice,
      maxPrice: filter?.maxPrice,
      sort: SORTS[sort ?? 'NEWEST'],
      page: p,
      limit: size,
    };
    const paging = { page: p, pageSize: size, params };
    if (params.search === undefined) {
      const result = await api.catalogue.list(params);
      return { ...paging, items: result.items, totalCount: result.total, totalCountIsExact: result.totalExact, search: null };
    }
    // A search is never kept in the shared cache: anyone can ask for any words, and each answer kept would push
    // the store's own answers out (the api answers a search in milliseconds).
    cacheControlFromInfo(info).setCacheHint({ maxAge: 0 });
    const { products: items, total, totalExact, hasMore, ...search } = await api.catalogue.search({ ...params, search: params.search });
    return { ...paging, items, totalCount: total, totalCountIsExact: totalExact, search, hasMore };
  },

  product: (_root, { id }, { api }) => api.catalogue.product(id),

  async popularProducts(_root, { first }, { api }) {
    const limit = intInRange(first, 8, 1, MAX_FIRST, 'first');
    return (await api.catalogue.list({ tags: 'popular', sort: '-createdAt', page: 1, limit })).items;
  },

  async productsByTag(_root, { tag, first }, { api }) {
    const limit = intInRange(first, 8, 1, MAX_FIRST, 'first');
    const t = text(tag, 'tag', 40);
    if (!t) throw badInput('tag is required', 'tag');
    return (await api.catalogue.list({ tags: t, sort: '-createdAt', page: 1, limit })).items;
  },

  productFacets: async (_root, _args, { api }) => namedFacets(await api.catalogue.facets()),

  checkoutStatus: forCustomers(async (_root, { providerOrderId }, { api }) => {
    if (!/^order_\w{6,40}$/.test(providerOrderId)) throw badInput('providerOrderId is not a payment order id', 'providerOrderId');
    const c = await api.orders.checkout(providerOrderId);
    if (!c) return null;
    const state = c.status.toUpperCase() as 'STARTED' | 'PAID' | 'ORDERED' | 'FAILED' | 'EXPIRED' | 'REFUNDED';
    return {
      providerOrderId: c.razorpayOrderId,
      state,
      orderId: c.orderId,
      total: c.total,
      totalAfterDiscount: c.totalAfterDiscount,
      reason: c.reason,
    };
  }),

  checkoutQuote: forCustomers(async (_root, { couponCode }, { api }) => {
    const q = await api.orders.quote(couponArg(couponCode));
    return {
      subtotal: q.subtotal,
      shipping: q.shipping,
      total: q.total,
      coupon: q.couponCode ? { code: q.couponCode, discount: q.discount } : null,
      discount: q.discount,
      totalAfterDiscount: q.totalAfterDiscount,
      gstPaise: q.gstPaise,
      taxablePaise: q.taxablePaise,
    };
  }),

  async searchProducts(_root, { query, first, after }, { api }, info) {
    cacheControlFromInfo(info).setCacheHint({ maxAge: 0 });
    const limit = intInRange(first, 10, 1, MAX_FIRST, 'first');
    const search = text(query, 'query', SEARCH_MAX) ?? '';
    const page = pageOf(after);
    // The api's own order for a search: how well each matches, then what sells and is rated well.
    const { products: items, total, hasMore, totalExact: _exact, ...understood } = await api.catalogue.search({ search, page, limit });
    return { items, totalCount: total, hasMore, endCursor: hasMore ? cursorOf(page) : null, search: understood };
  },

  blogs: (_root, _args, { api }) => api.blogs.list(),
  blog: (_root, { id }, { api }) => api.blogs.byId(id),
  myConsents: forCustomers(async (_root, _args, { api }) =>
    (await api.account.consents()).map((c) => ({ ...c, purpose: c.purpose.toUpperCase() })),
  ),
  policyPage: async (_root, { page }, { api }) => policyPage(await api.policies.get(POLICY_SLUGS[page])),

  me: async (_root, _args, { api }) => (api.signedIn ? api.account.me() : null),

  cart: forCustomers(async (_root, _args, ctx) => cartModel(ctx, await ctx.api.cart.lines())),

  wishlist: forCustomers(async (_root, _args, { api, customerId }) => ({
    customerId: customerId ?? 'me',
    products: await api.wishlist.products(),
  })),

  myOrders: forCustomers((_root, _args, { api }) => api.orders.mine()),
  order: forCustomers((_root, { id }, { api }) => api.orders.mineById(id)),

  shopInfo: async (_root, _args, { config, shop }) => shopInfo(config, await shop.current()),
};
