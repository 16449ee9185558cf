// The REST contract's records (rest-contract/), and what resolvers hand each other on top of them.
import type { ExpandedCartLineRecord, ProductRecord } from '@digitic/rest-contract';

export type {
  ImageRecord,
  ColorRecord,
  ReviewRecord,
  ProductRecord,
  BlogRecord,
  CustomerRecord,
  SessionRecord,
  CartProductSummary,
  CartLineRecord,
  ExpandedCartLineRecord,
  AddressRecord,
  OrderItemRecord,
  OrderRecord,
  OrderRefundRecord,
  ReturnRecord,
  CheckoutRecord,
  EnquiryRecord,
  FacetsRecord,
  SitemapPageRecord,
} from '@digitic/rest-contract';

// What resolvers hand each other: REST records plus what the gateway adds.
export interface CartModel {
  customerId: string;
  lines: ExpandedCartLineRecord[];
}

export interface WishlistModel {
  customerId: string;
  products: ProductRecord[];
}

export interface ProductPageModel {
  items: ProductRecord[];
  totalCount: number;
  totalCountIsExact: boolean;
  page: number;
  pageSize: number;
}

export interface ProductSearchModel {
  items: ProductRecord[];
  totalCount: number;
  hasMore: boolean;
  endCursor: string | null;
}
