import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../../context.js';
import { unauthenticated } from '../../errors.js';

/**
 * The one guard of every field that is a customer's own (cart, wishlist, orders, profile, checkout):
 * the resolver runs only for a caller with a customer's token (the api checks the token itself), any
 * other gets UNAUTHENTICATED.
 */
export function forCustomers<P, A, R>(
  resolve: (parent: P, args: A, ctx: GatewayContext, info: GraphQLResolveInfo) => R,
): (parent: P, args: A, ctx: GatewayContext, info: GraphQLResolveInfo) => R {
  return (parent, args, ctx, info) => {
    if (!ctx.api.signedIn) throw unauthenticated();
    return resolve(parent, args, ctx, info);
  };
}
