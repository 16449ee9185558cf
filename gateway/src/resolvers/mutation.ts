import { setTimeout as delay } from 'node:timers/promises';
import { quantityProblem } from '@digitic/shop-rules';
import { GraphQLError } from 'graphql';
import type { MutationResolvers } from '../__generated__/resolvers-types.js';
import type { ProductRecord } from '../datasources/types.js';
import { badInput } from '../errors.js';
import { cartModel } from './cart.js';
import { RETURN_REASON } from './order.js';
import { parseAddress } from './support/address.js';
import { couponArg } from './support/coupon.js';
import { forCustomers } from './support/guard.js';
import { saleTax } from './support/tax.js';
import { checkoutScriptUrl } from './support/shop-info.js';

/** An early answer on the quantity, in the api's words (the api enforces it whatever the client). */
function checkQuantity(quantity: number) {
  const problem = quantityProblem(quantity);
  if (problem) throw badInput(problem, 'quantity');
}

/** How long placeOrder waits before asking the api once more after an unreachable answer (it is safe to repeat). */
const PLACE_ORDER_RETRY_MS = 500;

export const Mutation: MutationResolvers = {
  register: (_root, { input: { noticeVersion, ...input } }, { api, throttle, clientIp }) =>
    throttle.register(clientIp, input.email, () => api.account.register({ ...input, ...(noticeVersion != null ? { noticeVersion } : {}) })),

  async login(_root, { input }, { api, throttle, clientIp }) {
    const { token, ...customer } = await throttle.login(clientIp, input.email, () => api.account.login(input));
    return { token, customer };
  },

  deleteAccount: forCustomers(async (_root, { password }, { api }) => (await api.account.erase(password)).erased),
  updateProfile: forCustomers(async (_root, { input }, { api }) => {
    const { token, ...customer } = await api.account.updateProfile(input);
    return { token, customer };
  }),

  requestPasswordReset: (_root, { email }, { api, throttle, clientIp }) =>
    throttle.resetRequest(clientIp, email, () => api.account.forgotPassword(email)),
  resetPassword: (_root, { input }, { api, throttle, clientIp }) =>
    throttle.reset(clientIp, () => api.account.resetPassword(input.token, input.password)),
  // Wrong undo links count against the client like wrong reset links: both are secrets a guesser tries in a URL.
  undoEmailChange: (_root, { token }, { api, throttle, clientIp }) => throttle.reset(clientIp, () => api.account.undoEmailChange(token)),

  toggleWishlist: forCustomers(async (_root, { productId }, { api, customerId }) => {
    const ids = await api.wishlist.toggle(productId);
    const [products, product] = await Promise.all([api.catalogue.productById.loadMany(ids), api.catalogue.productById.load(productId)]);
    if (!product) throw badInput('Product not found', 'productId');
    return {
      wishlist: {
        customerId: customerId ?? 'me',
        products: products.filter((p): p is ProductRecord => p !== null && !(p instanceof Error)),
      },
      product,
    };
  }),

  rateProduct: forCustomers((_root, { input }, { api }) =>
    api.catalogue.rate({ prodId: input.productId, star: input.star, comment: input.comment }),
  ),

  addToCart: forCustomers(async (_root, { input }, ctx) => {
    checkQuantity(input.quantity);
    return cartModel(ctx, await ctx.api.cart.add({ productId: input.productId, color: input.colorId, quantity: input.quantity }));
  }),

  updateCartLine: forCustomers(async (_root, { input }, ctx) => {
    checkQuantity(input.quantity);
    return cartModel(ctx, await ctx.api.cart.setQuantity(input.lineId, input.quantity));
  }),

  removeCartLine: forCustomers(async (_root, { lineId }, ctx) => cartModel(ctx, await ctx.api.cart.remove(lineId))),

  emptyCart: forCustomers(async (_root, _args, ctx) => {
    await ctx.api.cart.empty();
    return cartModel(ctx, []);
  }),

  /** The api alone decides the amount (current prices of the caller's cart plus shipping) and records the checkout. */
  startCheckout: forCustomers(async (_root, { address, couponCode }, { api, config }) => {
    const checkout = await api.orders.startCheckout(parseAddress(address), couponArg(couponCode));
    return {
      providerOrderId: checkout.razorpayOrderId,
      amount: checkout.amount,
      currency: checkout.currency,
      keyId: checkout.keyId,
      scriptUrl: checkoutScriptUrl(config),
      subtotal: checkout.subtotal,
      shipping: checkout.shipping,
      total: checkout.total,
      coupon: checkout.couponCode ? { code: checkout.couponCode, discount: checkout.discount } : null,
      discount: checkout.discount,
      totalAfterDiscount: checkout.totalAfterDiscount,
      tax: saleTax(checkout.tax),
    };
  }),

  placeOrder: forCustomers(async (_root, { input }, { api }) => {
    const body = {
      shippingInfo: parseAddress(input.address),
      paymentInfo: {
        razorpayOrderId: input.payment.providerOrderId,
        razorpayPaymentId: input.payment.providerPaymentId,
        razorpaySignature: input.payment.signature,
      },
    };
    try {
      return await api.orders.create(body);
    } catch (err) {
      if (!(err instanceof GraphQLError) || err.extensions.code !== 'UPSTREAM_UNAVAILABLE') throw err;
      // The api makes one order of one payment however often it is asked (the payment is its key): asked once more,
      // it answers the order it made while the first answer was lost (a timeout under load, a provider that did not
      // answer in time while its webhook made the order), or makes it now. Only then is the shopper told it failed.
      await delay(PLACE_ORDER_RETRY_MS);
      return api.orders.create(body).catch(() => {
        throw err;
      });
    }
  }),

  cancelOrder: forCustomers((_root, { id, reason }, { api }) => {
    if (reason && reason.length > 500) throw badInput('The reason is at most 500 characters', 'reason');
    return api.orders.cancel(id, { reason: reason ?? null });
  }),

  requestReturn: forCustomers((_root, { input }, { api }) => {
    if (input.lines.length === 0) throw badInput('Choose at least one item to return', 'lines');
    if (input.comment && input.comment.length > 1000) throw badInput('The comment is at most 1000 characters', 'comment');
    return api.orders.requestReturn(input.orderId, {
      lines: input.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      reason: RETURN_REASON[input.reason],
      comment: input.comment ?? null,
      ...(input.complaint ? { complaint: true } : {}),
    });
  }),

  submitEnquiry: (_root, { input: { complaint, ...message } }, { api }) =>
    api.enquiries.submit({ ...message, ...(complaint ? { complaint: true } : {}) }),
  recordSearch: (_root, { ticket }, { api }) => api.catalogue.recordSearch(ticket),
  recordSearchOpened: async (_root, { id }, { api }) => {
    await api.catalogue.recordSearchOpened(id);
    return true;
  },
};
