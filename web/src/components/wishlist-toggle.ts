import type { ApolloClient } from '@apollo/client';
import { ToggleWishlistDocument } from './__generated__/wishlist-heart';

/**
 * Adds the product to the wishlist or takes it out, at once on screen (an optimistic answer the server's
 * then replaces). Its own small chunk: only a tap on a heart needs it (wishlist-heart.tsx).
 */
export function toggleWishlist(client: ApolloClient<object>, productId: string, inWishlist: boolean) {
  return client.mutate({
    mutation: ToggleWishlistDocument,
    variables: { productId },
    optimisticResponse: {
      __typename: 'Mutation',
      toggleWishlist: { __typename: 'WishlistTogglePayload', product: { __typename: 'Product', id: productId, inWishlist: !inWishlist } },
    },
  });
}
