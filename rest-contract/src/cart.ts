import type { ColorRecord, ImageRecord, ProductRecord } from './catalogue.js';

// The shopper's cart.

/** The product of a cart line as GET user/cart gives it. */
export interface CartProductSummary {
  _id: string;
  title: string;
  images: ImageRecord[];
  price: number;
}

/** A cart line: its product as a summary, or whole with `?expand=product`. */
export interface CartLineRecord<P extends CartProductSummary = CartProductSummary> {
  _id: string;
  productId: P;
  color: ColorRecord;
  quantity: number;
  price: number;
}

export type ExpandedCartLineRecord = CartLineRecord<ProductRecord>;

export interface AddToCartBody {
  productId: string;
  color: string;
  quantity: number;
}
