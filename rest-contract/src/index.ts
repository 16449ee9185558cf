// The REST contract's response shapes (docs/rest-contract.md): what the api answers (its serializers
// are checked against these) and what the gateway reads. Types only: nothing here runs.

/**
 * Every error the api answers has this body. `code` is stable (clients and the gateway act on it, never
 * on the message); the HTTP status follows from it (docs/rest-contract.md lists them).
 */
export type ApiErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'PAYMENT_FAILED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'VERSION_CONFLICT'
  | 'TRANSITION_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_SIGNATURE'
  | 'STALE_EVENT'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE';

export interface ApiErrorBody {
  message: string;
  code: ApiErrorCode;
  /** The request field the error is about, when there is one. */
  field?: string;
  requestId?: string;
}

export interface ImageRecord {
  url: string;
  /** An uploaded photo (url /api/photos/{id}): its size, and the widths made of it, each at /api/photos/{id}/{width}.{avif|webp|jpg}. */
  width?: number;
  height?: number;
  widths?: number[];
}

/** An uploaded photo (POST /api/admin/catalogue/photos or /api/admin/content/photos). */
export interface PhotoRecord {
  id: string;
  /** What a product's or a post's images name: /api/photos/{id}. */
  url: string;
  width: number;
  height: number;
  widths: number[];
  /** Bytes stored, every width and format together. */
  bytesStored: number;
}

export interface ColorRecord {
  _id: string;
  title: string;
}

/** A colour a product is offered in, with that colour's own stock (0: sold out in it). */
export interface ProductColorRecord extends ColorRecord {
  quantity: number;
}

export interface ReviewRecord {
  _id: string;
  star: number;
  comment: string;
  postedby: string;
  name?: string;
  createdAt: string;
}

export interface ProductRecord {
  _id: string;
  title: string;
  slug: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  /** Units in stock in all the colours offered. */
  quantity: number;
  images: ImageRecord[];
  color: ProductColorRecord[];
  tags: string[];
  ratings: ReviewRecord[];
  totalrating: number;
  ratingCount?: number;
  createdAt: string;
}

export interface BlogRecord {
  _id: string;
  title: string;
  description: string;
  category: string;
  images: ImageRecord[];
  createdAt: string;
}

export interface CustomerRecord {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
}

export interface SessionRecord extends CustomerRecord {
  token: string;
}

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

export interface AddressRecord {
  firstname: string;
  lastname: string;
  address: string;
  other?: string | null;
  city: string;
  state: string;
  country: string;
  pincode: number;
}

export interface OrderItemRecord {
  /** The line's own id: what a return names. */
  _id: string;
  product: { _id: string; title: string; images: ImageRecord[] };
  color: ColorRecord;
  quantity: number;
  price: number;
}

export interface OrderRecord {
  _id: string;
  totalPrice: number;
  totalPriceAfterDiscount: number;
  /** The coupon used, and what it took off (rupees), when one was. */
  coupon: { code: string; discount: number } | null;
  orderStatus: string;
  orderItems: OrderItemRecord[];
  paymentInfo: { razorpayOrderId: string; razorpayPaymentId: string };
  shippingInfo: AddressRecord;
  createdAt: string;
  /** After the sale: where the parcel is, what was refunded, what is being returned, and what the shopper may still do. */
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  canCancel: boolean;
  /** The last moment a return may be asked for, while that is still ahead; otherwise null. */
  returnUntil: string | null;
  refunds: OrderRefundRecord[];
  returns: ReturnRecord[];
}

export interface OrderRefundRecord {
  _id: string;
  /** Rupees. */
  amount: number;
  state: 'requested' | 'pending' | 'processed' | 'failed';
  reason: string;
  createdAt: string;
}

export interface ReturnRecord {
  _id: string;
  status: 'Requested' | 'Approved' | 'Rejected' | 'Received' | 'Refunded';
  reason: string;
  comment: string | null;
  decisionNote: string | null;
  lines: { itemId: string; quantity: number }[];
  createdAt: string;
}

/** The reasons a shopper picks from (shop-rules' RETURN_REASONS; the api's validator is checked against this at compile time). */
export type ReturnReasonName = 'Damaged or defective' | 'Not as described' | 'Wrong item or colour' | 'No longer needed' | 'Other';

export interface ReturnRequestBody {
  lines: { itemId: string; quantity: number }[];
  reason: ReturnReasonName;
  comment?: string | null;
}

export interface CancelOrderBody {
  reason?: string | null;
}

export interface CheckoutRecord {
  _id: string;
  status: 'started' | 'paid' | 'ordered' | 'failed' | 'expired' | 'refunded';
  razorpayOrderId: string;
  amount: number;
  currency: string;
  keyId: string;
  subtotal: number;
  shipping: number;
  total: number;
  couponCode: string | null;
  /** What the coupon takes off, rupees: the amount is total - discount, in paise. */
  discount: number;
  totalAfterDiscount: number;
  orderId: string | null;
  reason: string | null;
}

export interface EnquiryRecord {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  status: string;
}

export interface FacetsRecord {
  categories: string[];
  brands: string[];
  tags: string[];
  colors: ColorRecord[];
}

export interface SitemapPageRecord {
  total: number;
  pageSize: number;
  items: { _id: string; updatedAt: string }[];
}

// What clients send: the request bodies of the contract's writes. The api's validators are checked against
// these (a body of this type is never refused for its shape, only for its values), the gateway sends them.

export interface RegisterBody {
  firstname: string;
  lastname?: string | null;
  email: string;
  mobile?: string | null;
  password: string;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface ProfileBody {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  /** Needed when the e-mail changes. */
  currentPassword?: string | null;
}

export interface AddToCartBody {
  productId: string;
  color: string;
  quantity: number;
}

export interface RatingBody {
  prodId: string;
  star: number;
  comment: string;
}

export interface WishlistToggleBody {
  prodId: string;
}

export interface PaymentInfoBody {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}

export interface CreateOrderBody {
  shippingInfo: AddressRecord;
  paymentInfo: PaymentInfoBody;
}

export interface StartCheckoutBody {
  shippingInfo: AddressRecord;
  /** A coupon to price the checkout with (the api checks and prices it). */
  couponCode?: string | null;
}

export interface EnquiryBody {
  name: string;
  email: string;
  mobile: string;
  comment: string;
}

/**
 * What a change to the catalogue touched: `product:<id>` (anything shown of that product), `products`
 * (which products a list, a search, the facets or the sitemap hold, or their order), `blog:<id>`, `blogs`.
 */
export type CatalogueTag = `product:${string}` | 'products' | `blog:${string}` | 'blogs';

/** GET /api/catalogue/changes?after=N: the changes after N, oldest first. */
export interface CatalogueChangesRecord {
  /** The last change there is: the next call's `after`. */
  latest: number;
  changes: { seq: number; tags: CatalogueTag[] }[];
  /** False when more changes follow than one answer holds: ask again after `latest`. */
  complete: boolean;
  /** False when changes after N are no longer kept (N is older than the log): whoever caches the catalogue drops all of it. */
  reachesBack: boolean;
}

// The catalogue desk (/api/admin/catalogue): what it answers and takes.

/** A product's colour in the catalogue desk (GET /api/admin/catalogue/products…). */
export interface CatalogueVariantRecord {
  colorId: string;
  color: string;
  quantity: number;
  offered: boolean;
}

export interface CatalogueProductSummaryRecord {
  id: string;
  title: string;
  slug: string;
  price: number;
  category: string;
  brand: string;
  image: string | null;
  stock: number;
  variants: CatalogueVariantRecord[];
  archivedAt: string | null;
  version: number;
  updatedAt: string;
}

export interface CatalogueProductRecord extends CatalogueProductSummaryRecord {
  description: string;
  tags: string[];
  images: string[];
  sold: number;
  orderLines: number;
  createdAt: string;
}

export interface CatalogueProductListRecord {
  products: CatalogueProductSummaryRecord[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LowStockItemRecord {
  productId: string;
  title: string;
  colorId: string;
  color: string;
  quantity: number;
}

export interface LowStockRecord {
  threshold: number;
  items: LowStockItemRecord[];
}

/** A product's fields as the desk api takes them (stock by colour). */
export interface ProductBody {
  title: string;
  slug?: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: string[];
  colors: string[];
  images: string[];
  stock?: Record<string, number>;
}

/** GET /api/admin/catalogue/terms: the vocabulary and its use. */
export interface CatalogueTermsRecord {
  brands: { value: string; products: number }[];
  categories: { value: string; products: number }[];
  tags: { value: string; products: number }[];
  colors: { id: string; swatch: string; name: string; products: number }[];
}

/** POST /api/admin/catalogue/bulk: what a bulk edit did, or would do. */
export interface BulkEditRecord {
  dryRun: boolean;
  products: number;
  sample: { id: string; title: string; price: number; newPrice: number }[];
}

// Coupons: the desk's (/api/admin/coupons) and the shopper's quote (GET /api/user/order/quote).

/** A coupon as the desk shows it. Amounts are rupees; `value` is a percentage or rupees by `kind`. */
export interface CouponRecord {
  _id: string;
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  value: number;
  startsAt: string | null;
  expiresAt: string | null;
  /** The smallest subtotal (before shipping) it applies to. */
  minOrder: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  version: number;
  /** Uses spent by orders, and held by checkouts being paid (both count against the limits). */
  used: number;
  held: number;
  /** What the orders that used it were given off, rupees. */
  discountGiven: number;
  createdAt: string;
  updatedAt: string;
}

export interface CouponListRecord {
  coupons: CouponRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/** A coupon's fields as the desk api takes them (dates as ISO 8601 with an offset; null limits for none). */
export interface CouponBody {
  code: string;
  description?: string;
  kind: 'percent' | 'fixed';
  value: number;
  startsAt?: string | null;
  expiresAt?: string | null;
  minOrder?: number;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  active?: boolean;
}

/** The caller's cart priced, with the coupon given (rupees). */
export interface QuoteRecord {
  subtotal: number;
  shipping: number;
  total: number;
  couponCode: string | null;
  discount: number;
  totalAfterDiscount: number;
}

// Reviews and enquiries in the back office (/api/admin/reviews, /api/admin/enquiries).

/** A review as a moderator sees it. */
export interface ModeratedReviewRecord {
  _id: string;
  star: number;
  comment: string;
  product: { _id: string; title: string };
  /** The author; their e-mail only for staff who may look customers up (customers:read), null otherwise. */
  customer: { _id: string; name: string; email: string | null };
  /** Set while the review is hidden: when, why and by whom. */
  hidden: { at: string; reason: string; by: string } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ModeratedReviewListRecord {
  reviews: ModeratedReviewRecord[];
  total: number;
  page: number;
  pageSize: number;
}

export type EnquiryStatusName = 'Submitted' | 'Contacted' | 'In Progress' | 'Resolved';

export interface EnquirySummaryRecord {
  _id: string;
  name: string;
  email: string;
  excerpt: string;
  status: EnquiryStatusName;
  assignee: { _id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnquiryDeskListRecord {
  enquiries: EnquirySummaryRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/** An enquiry whole: the message, its status and assignee, and its notes and replies oldest first. */
export interface EnquiryDeskRecord {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  status: EnquiryStatusName;
  assignee: { _id: string; name: string } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  events: {
    _id: string;
    kind: 'note' | 'reply';
    body: string;
    /** A reply's e-mail subject. */
    subject: string | null;
    by: string;
    /** When the mailer took a reply; null for a note, or a reply it refused (sendError says why). */
    sentAt: string | null;
    sendError: string | null;
    createdAt: string;
  }[];
}

/** A blog post as the desk shows it (/api/admin/content/posts): the HTML as kept (sanitized on write), draft or published. */
export interface BlogPostRecord {
  id: string;
  title: string;
  slug: string;
  description: string;
  category: string;
  author: string;
  images: string[];
  /** Null while the post is a draft. */
  publishedAt: string | null;
  views: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface BlogPostListRecord {
  posts: BlogPostRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/** A post's fields as the desk api takes them. */
export interface BlogPostBody {
  title: string;
  slug?: string;
  description: string;
  category: string;
  author?: string;
  images?: string[];
}
