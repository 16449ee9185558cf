import { countryProblem, quantityProblem, stateProblem } from '@digitic/shop-rules';
import { z } from 'zod';
import type { MutationResolvers } from '../__generated__/resolvers-types.js';
import type { ProductRecord } from '../datasources/types.js';
import { badInput, unauthenticated } from '../errors.js';
import { cartModel } from './cart.js';
import { checkoutScriptUrl } from './shop-info.js';

const required = (message: string) => z.string().trim().min(1, message).max(200, 'Address fields are at most 200 characters');

// The checkout form's rules (spec §5); shipping is for India only.
const Address = z.object({
  firstname: required('First Name is Required'),
  lastname: required('Last Name is Required'),
  address: required('Address Details are Required'),
  other: z.string().trim().max(200).nullish(),
  city: required('city is Required'),
  // The shop's rules, checked here for an early answer in the api's words; the api enforces them.
  state: required('S tate is Required').superRefine((v, ctx) => {
    const problem = stateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  country: required('country is Required').superRefine((v, ctx) => {
    const problem = countryProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  pincode: z.number().int('Pincode must be a positive whole number').positive('Pincode must be a positive whole number'),
});

function parseAddress(input: unknown) {
  const result = Address.safeParse(input);
  if (result.success) return { ...result.data, other: result.data.other ?? undefined };
  const issue = result.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid address', `address.${issue?.path.join('.') ?? ''}`);
}

export const Mutation: MutationResolvers = {
  register: (_root, { input }, { api }) => api.register(input),

  async login(_root, { input }, { api, throttle, clientIp }) {
    const { token, ...customer } = await throttle.login(clientIp, input.email, () => api.login(input));
    return { token, customer };
  },

  async updateProfile(_root, { input }, { api }) {
    if (!api.signedIn) throw unauthenticated();
    const { token, ...customer } = await api.updateProfile(input);
    return { token, customer };
  },

  requestPasswordReset: (_root, { email }, { api, throttle, clientIp }) =>
    throttle.resetRequest(clientIp, email, () => api.forgotPassword(email)),
  resetPassword: (_root, { input }, { api, throttle, clientIp }) =>
    throttle.reset(clientIp, () => api.resetPassword(input.token, input.password)),

  async toggleWishlist(_root, { productId }, { api, customerId }) {
    if (!api.signedIn) throw unauthenticated();
    const ids = await api.toggleWishlist(productId);
    const [products, product] = await Promise.all([api.productById.loadMany(ids), api.productById.load(productId)]);
    if (!product) throw badInput('Product not found', 'productId');
    return {
      wishlist: {
        customerId: customerId ?? 'me',
        products: products.filter((p): p is ProductRecord => p !== null && !(p instanceof Error)),
      },
      product,
    };
  },

  rateProduct(_root, { input }, { api }) {
    if (!api.signedIn) throw unauthenticated();
    return api.rate({ prodId: input.productId, star: input.star, comment: input.comment });
  },

  async addToCart(_root, { input }, ctx) {
    if (!ctx.api.signedIn) throw unauthenticated();
    const problem = quantityProblem(input.quantity);
    if (problem) throw badInput(problem, 'quantity');
    await ctx.api.addToCart({ productId: input.productId, color: input.colorId, quantity: input.quantity });
    return cartModel(ctx, await ctx.api.cart());
  },

  async updateCartLine(_root, { input }, ctx) {
    if (!ctx.api.signedIn) throw unauthenticated();
    const problem = quantityProblem(input.quantity);
    if (problem) throw badInput(problem, 'quantity');
    await ctx.api.updateCartLine(input.lineId, input.quantity);
    return cartModel(ctx, await ctx.api.cart());
  },

  async removeCartLine(_root, { lineId }, ctx) {
    if (!ctx.api.signedIn) throw unauthenticated();
    await ctx.api.removeCartLine(lineId);
    return cartModel(ctx, await ctx.api.cart());
  },

  async emptyCart(_root, _args, ctx) {
    if (!ctx.api.signedIn) throw unauthenticated();
    await ctx.api.emptyCart();
    return cartModel(ctx, []);
  },

  /** The api alone decides the amount (current prices of the caller's cart plus shipping) and records the checkout. */
  async startCheckout(_root, { address }, { api, config }) {
    if (!api.signedIn) throw unauthenticated();
    const checkout = await api.startCheckout(parseAddress(address));
    return {
      providerOrderId: checkout.razorpayOrderId,
      amount: checkout.amount,
      currency: checkout.currency,
      keyId: checkout.keyId,
      scriptUrl: checkoutScriptUrl(config),
      subtotal: checkout.subtotal,
      shipping: checkout.shipping,
      total: checkout.total,
    };
  },

  async placeOrder(_root, { input }, { api }) {
    if (!api.signedIn) throw unauthenticated();
    const shippingInfo = parseAddress(input.address);
    return api.createOrder({
      shippingInfo,
      paymentInfo: {
        razorpayOrderId: input.payment.providerOrderId,
        razorpayPaymentId: input.payment.providerPaymentId,
        razorpaySignature: input.payment.signature,
      },
    });
  },

  submitEnquiry: (_root, { input }, { api }) => api.submitEnquiry(input),
};
