// The shopper's wishlist (PUT /api/product/wishlist): a product in or out.

export interface WishlistToggleBody {
  prodId: string;
}
