import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../../context.js';
import { unauthenticated } from '../../errors.js';

/** Throws UNAUTHENTICATED unless the request carries a customer's token (the api checks the token itself). */
export function requireCustomer(ctx: GatewayContext): void {
  if (!ctx.api.signedIn) throw unauthenticated();
}

/**
 * The one guard of every field that is a customer's own (cart, wishlist, orders, profile, checkout):
 * wraps a resolver so that it runs only for a signed-in caller.
 */
export function forCustomers<P, A, R>(
  resolve: (parent: P, args: A, ctx: GatewayContext, info: GraphQLResolveInfo) => R,
): (parent: P, args: A, ctx: GatewayContext, info: GraphQLResolveInfo) => R {
  return (parent, args, ctx, info) => {
    requireCustomer(ctx);
    return resolve(parent, args, ctx, info);
  };
}
