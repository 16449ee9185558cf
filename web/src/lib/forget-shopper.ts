import type { ApolloCache } from '@apollo/client';

/** The Query fields that answer for the signed-in customer: the schema's private ones, and their checkout's. */
export const SHOPPERS_OWN_FIELDS = [
  'me',
  'cart',
  'wishlist',
  'myOrders',
  'order',
  'myConsents',
  'checkoutQuote',
  'checkoutStatus',
] as const;

/**
 * Forgets what this tab's cache held of the customer who was signed in (their profile, cart, wishlist, orders and
 * consents) and every record that only those reached: once their account is deleted, nothing of it stays in the
 * page's memory. Public records (products, the shop's pages) stay.
 */
export function forgetShopper(cache: ApolloCache<unknown>): void {
  for (const fieldName of SHOPPERS_OWN_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}
