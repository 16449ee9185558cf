// The REST contract's records (rest-contract/), and what resolvers hand each other on top of them.
import type { ExpandedCartLineRecord, ProductRecord, SearchAnswerRecord } from '@digitic/rest-contract';

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
  FacetCountsRecord,
  SearchAnswerRecord,
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

/** The store's list (and its search) as the api's query parameters take them. */
export interface ProductListParams {
  category?: string | null;
  brand?: string | null;
  tags?: string | null;
  search?: string | null;
  color?: string | null;
  countryOfOrigin?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  sort?: string;
  page: number;
  limit: number;
}

/** What a search understood, as the schema's SearchUnderstanding reads it. */
export type SearchUnderstoodModel = Omit<SearchAnswerRecord, 'products' | 'total' | 'totalExact' | 'hasMore'>;

export interface ProductPageModel {
  items: ProductRecord[];
  totalCount: number;
  totalCountIsExact: boolean;
  page: number;
  pageSize: number;
  /** The list asked for: facetCounts counts over the same products. */
  params: ProductListParams;
  search: SearchUnderstoodModel | null;
  /** A search's own word on whether a later page has products (its pages end before its count). */
  hasMore?: boolean;
}

export interface ProductSearchModel {
  items: ProductRecord[];
  totalCount: number;
  hasMore: boolean;
  endCursor: string | null;
  search: SearchUnderstoodModel;
}
