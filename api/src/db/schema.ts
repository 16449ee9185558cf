import type { EnquiryStatus, LineTax, OrderStatus, ReturnStatus, StaffRole } from '@digitic/shop-rules';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { SaleTaxRecord, ShopSettingsValues, TaxDocumentRecord } from '@digitic/rest-contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type PolicySlug = 'privacy-policy' | 'refund-policy' | 'shipping-policy' | 'terms';
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string, string>;
/** A jsonb column that may be null (rows from before it). */
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Paise = ColumnType<number | null, number | null | undefined, number | null>;

export interface CustomersTable {
  id: Generated<string>;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
  password_hash: string;
  role: Generated<string>;
  password_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Tokens signed before this are void: a password reset, an e-mail change and its undo move it. */
  sessions_since: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Set when the shopper had their account erased (customers/erasure.ts): no personal detail is left on it. */
  erased_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ColorsTable {
  id: Generated<string>;
  /** The swatch: a CSS colour value the storefront paints (the spec's colour "title"). */
  title: string;
  /** What staff and shoppers call it; the swatch value when not given. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A brand, a category or a tag products may name (catalogue/terms.ts). */
export interface CatalogueTermsTable {
  kind: 'brand' | 'category' | 'tag';
  value: string;
  created_at: CreatedAt;
}

/** A coupon (coupons/redemptions.ts): a percentage or a fixed amount off the subtotal, within its dates and limits. */
export interface CouponsTable {
  id: Generated<string>;
  code: string;
  description: ColumnType<string, string | undefined, string>;
  kind: 'percent' | 'fixed';
  value: number;
  starts_at: Stamp;
  expires_at: Stamp;
  min_order: ColumnType<number, number | undefined, number>;
  usage_limit: ColumnType<number | null, number | null | undefined, number | null>;
  per_customer_limit: ColumnType<number | null, number | null | undefined, number | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type RedemptionState = 'held' | 'used' | 'released';

/** One use of a coupon by one checkout: held while it is paid, used by its order, released when it made none. */
export interface CouponRedemptionsTable {
  id: Generated<string>;
  coupon_id: string;
  customer_id: string;
  checkout_id: string;
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  discount: number;
  state: ColumnType<RedemptionState, RedemptionState | undefined, RedemptionState>;
  held_until: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductImage {
  url: string;
  /** An uploaded photo's size and the widths made of it (served at /api/photos/{id}/{width}.{avif|webp|jpg}). */
  width?: number;
  height?: number;
  widths?: number[];
  /** What the picture shows, for people who cannot see it (the storefront's alt text); none when absent. */
  alt?: string;
}

/** An uploaded photo (photos/photos.ts); its files are in photo_files or an S3 bucket. */
export interface PhotosTable {
  id: string;
  width: number;
  height: number;
  widths: number[];
  source: 'jpeg' | 'png' | 'webp';
  bytes_uploaded: number;
  storage: 'database' | 's3';
  uploaded_by: string | null;
  created_at: CreatedAt;
}

export interface PhotoFilesTable {
  key: string;
  content_type: string;
  bytes: Buffer;
  created_at: CreatedAt;
}

export interface ProductsTable {
  id: Generated<string>;
  title: string;
  slug: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  images: Json<ProductImage[]>;
  /** Units sold in all colours (stock itself is per colour, on product_colors). */
  sold: Generated<number>;
  total_rating: Generated<number>;
  rating_count: Generated<number>;
  /** Its HSN code (4, 6 or 8 digits), null while not given (products of a category the shop added). */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its GST rate, basis points (18 % is 1800). */
  gst_rate_bp: ColumnType<number, number | undefined, number>;
  /** Its country of origin (ISO 3166-1 alpha-2), null while not given. */
  country_of_origin: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who made it: a name and an address (Legal Metrology), null while not given. */
  manufacturer: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who imported it, for goods made abroad: a name and an address. */
  importer: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the product is withdrawn from the store (orders, carts and returns keep it). */
  archived_at: Stamp;
  /** Moved by every desk edit: an edit names the version it read. */
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A word shoppers type and the words it also means (products/search.ts): "telly" also means "tv". */
export interface SearchSynonymsTable {
  word: string;
  also: string[];
  updated_at: Generated<Date>;
}

/** One search a shopper made: its words, what it found, how long it took, whether a result was opened; never who. */
export interface SearchLogTable {
  id: Generated<string>;
  at: CreatedAt;
  query: string;
  results: number;
  took_ms: number;
  opened: Generated<boolean>;
}

/** The searches of a day gone, per query (search/rollup.ts). */
export interface SearchDailyTable {
  day: string;
  query: string;
  searches: number;
  no_results: number;
  opened: number;
  took_ms: string;
}

/** A product in one colour: a variant, with its own stock (products/stock.ts moves it). */
export interface ProductColorsTable {
  product_id: string;
  color_id: string;
  position: number;
  quantity: Generated<number>;
  /** False once the colour is taken off the product: kept for its cart lines, orders and returned stock. */
  offered: Generated<boolean>;
}

/** What a change to the catalogue touched, in order: every gateway drops what it cached of those. */
export interface CatalogueChangesTable {
  seq: Generated<number>;
  tags: ColumnType<string[], string[], never>;
  created_at: CreatedAt;
}

export interface RatingsTable {
  id: Generated<string>;
  product_id: string;
  customer_id: string;
  star: number;
  comment: string;
  /** Hidden by a moderator (reviews:moderate), with why and by whom: off the storefront and out of the rating. */
  hidden_at: Stamp;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_by: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CartLinesTable {
  id: Generated<string>;
  customer_id: string;
  product_id: string;
  color_id: string;
  quantity: number;
  price: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WishlistTable {
  customer_id: string;
  product_id: string;
  created_at: CreatedAt;
}

export interface ShippingInfo {
  firstname: string;
  lastname: string;
  address: string;
  other?: string | undefined;
  city: string;
  state: string;
  country: string;
  pincode: number;
  /** The courier's number for the recipient: an Indian mobile's ten digits (an addition; older orders have none). */
  phone?: string | undefined;
  /** The buyer's GSTIN, when a business buys (an addition; its tax invoice names it). */
  gstin?: string | undefined;
}

export interface OrdersTable {
  id: Generated<string>;
  customer_id: string;
  shipping_info: Json<ShippingInfo>;
  razorpay_order_id: string;
  razorpay_payment_id: string;
  total_price: number;
  total_price_after_discount: number;
  /** The coupon used, and what it took off (rupees): total_price - discount = total_price_after_discount, what was paid. */
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount: ColumnType<number, number | undefined, number>;
  order_status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  /** Moved by every status change (orders/order-state.ts): an update names the version it read. */
  version: Generated<number>;
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_url: ColumnType<string | null, string | null | undefined, string | null>;
  shipped_at: Stamp;
  delivered_at: Stamp;
  cancelled_at: Stamp;
  /** Where the payment stands, from the order's refunds (refunds/order-refunds.ts keeps it). */
  payment_state: ColumnType<PaymentState, PaymentState | undefined, PaymentState>;
  paid_at: ColumnType<Date, Date | string, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The GST of the sale as a whole (checkout/tax.ts); null on orders placed before the shop computed GST. */
  tax: NullableJson<SaleTax>;
  /** When the order confirmation e-mail was claimed for sending (exactly once). */
  confirmation_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type PaymentState = 'paid' | 'refund_in_progress' | 'refunded';

export interface OrderItemsTable {
  id: Generated<string>;
  order_id: string;
  product_id: string;
  color_id: string;
  quantity: number;
  price: number;
  position: number;
  /** The line's share of the order's discount, paise (shop-rules' shareDiscount). */
  discount_paise: ColumnType<number, number | undefined, number>;
  /** Its GST as charged (shop-rules' gstOf), paise; all null on orders placed before the shop computed GST. */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  gst_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
  taxable_paise: Paise;
  cgst_paise: Paise;
  sgst_paise: Paise;
  igst_paise: Paise;
}

export interface BlogsTable {
  id: Generated<string>;
  title: string;
  slug: string;
  description: string;
  category: string;
  images: Json<ProductImage[]>;
  author: string;
  num_views: Generated<number>;
  /** Null while the post is a draft (blogs/desk.ts); the storefront shows published posts only. */
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface EnquiriesTable {
  id: Generated<string>;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  status: ColumnType<EnquiryStatus, EnquiryStatus | undefined, EnquiryStatus>;
  /** The account that sent it, when signed in with the e-mail it was sent from (migration 0033). */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who on the staff answers it. */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept for review, having come with the shop's hourly ceiling full (migration 0039); null once staff act on it. */
  held_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An enquiry's internal note, or a reply e-mailed to the person who wrote (sent_at once the mailer took it). */
export interface EnquiryEventsTable {
  id: Generated<string>;
  enquiry_id: string;
  kind: 'note' | 'reply';
  body: string;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  staff_id: string;
  sent_at: Stamp;
  /** When a delivery of the reply was claimed (one at a time; cleared when it ends, lapses if its process stopped). */
  sending_at: Stamp;
  send_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface ResetTokensTable {
  id: Generated<string>;
  customer_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** An e-mail change, undone by the link mailed to the address it left (stored as the link token's hash). */
export interface EmailChangesTable {
  id: Generated<string>;
  customer_id: string;
  old_email: string;
  new_email: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

/** Attempts counted per key in fixed windows (sign-in failures, registrations); see auth/attempts.ts. */
export interface AttemptWindowsTable {
  key: string;
  hits: number;
  window_started_at: Date;
}

export interface UnsettledPaymentsTable {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  customer_id: string;
  amount_paid: number;
  cart_total: number;
  reason: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notice_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refund_attempts: Generated<number>;
  last_refund_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CheckoutStatus = 'started' | 'paid' | 'ordered' | 'failed' | 'expired' | 'refunded';

/** One line of what was paid for, priced when the payment started. */
export interface CheckoutLine {
  productId: string;
  colorId: string;
  title: string;
  color: string;
  quantity: number;
  price: number;
  /** The product's HSN code and GST rate (percent) when the checkout started; absent on checkouts from before. */
  hsnCode?: string | null;
  gstRate?: number;
  /** The line's GST, its coupon share taken off first (paise). */
  tax?: LineTax;
}

/** The GST of a sale (a checkout's, then its order's), as the REST contract says it (rest-contract/src/tax.ts). */
export type SaleTax = SaleTaxRecord;

type Stamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CheckoutsTable {
  id: Generated<string>;
  customer_id: string;
  razorpay_order_id: string;
  status: ColumnType<CheckoutStatus, CheckoutStatus | undefined, CheckoutStatus>;
  /** Moved by every status change (checkout/checkout-state.ts). */
  version: Generated<number>;
  lines: Json<CheckoutLine[]>;
  shipping_info: Json<ShippingInfo>;
  /** Its GST, as priced when it started (null on checkouts from before the shop computed GST). */
  tax: NullableJson<SaleTax>;
  subtotal: number;
  shipping: number;
  total: number;
  /** The coupon the shopper gave, and what it takes off the subtotal (rupees): the payment is total - discount. */
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount: ColumnType<number, number | undefined, number>;
  razorpay_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  paid_at: Stamp;
  /** When reconciliation last asked the provider about it. */
  last_checked_at: Stamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebhookEventsTable {
  event_id: string;
  event: string;
  razorpay_order_id: string | null;
  outcome: string;
  received_at: CreatedAt;
}

export interface PaymentRefundsTable {
  refund_id: string;
  razorpay_payment_id: string;
  amount: number;
  status: string;
  source: string;
  created_at: CreatedAt;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Date | string;
  finished_at: Date | string | null;
}

/** Who did something: the order timeline and the audit trail name them. */
export type ActorKind = 'shopper' | 'staff' | 'webhook' | 'reconciliation' | 'system' | 'command';

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  kind: 'placed' | 'status' | 'note' | 'email' | 'refund' | 'return';
  from_status: string | null;
  to_status: string | null;
  actor_kind: ActorKind;
  actor_id: string | null;
  actor_label: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actor_kind: ActorKind;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  subject_kind: string | null;
  subject_id: string | null;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  address: string | null;
  request_id: string | null;
}

export interface StaffTable {
  id: Generated<string>;
  email: string;
  name: Generated<string>;
  role: StaffRole;
  status: ColumnType<'invited' | 'active' | 'removed', 'invited' | 'active' | 'removed' | undefined, 'invited' | 'active' | 'removed'>;
  password_hash: string | null;
  /** Encrypted (staff/secrets.ts). */
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  sessions_since: ColumnType<Date, Date | string | undefined, Date | string>;
  lockouts: Generated<number>;
  locked_until: Stamp;
  /** Second-factor attempts of the current window (staff/factor-attempts.ts). */
  factor_window_started_at: Stamp;
  factor_window_hits: Generated<number>;
  /** Wrong second factors in a row since the last right one. */
  factor_failures: Generated<number>;
  /** Set when factor_failures reached its limit: locked until a staff manager unlocks the account. */
  factor_blocked_at: Stamp;
  /** Encrypted: a new authenticator's secret, enrolled with its first code before it expires. */
  pending_totp_secret: string | null;
  pending_totp_expires_at: Stamp;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffInvitesTable {
  id: Generated<string>;
  staff_id: string;
  token_hash: string;
  /** Encrypted: the secret the invitee's authenticator is shown, enrolled with the first code. */
  totp_secret: string;
  expires_at: Date | string;
  used_at: Stamp;
  invited_by: string | null;
  created_at: CreatedAt;
}

export interface StaffRecoveryCodesTable {
  id: Generated<string>;
  staff_id: string;
  code_hash: string;
  used_at: Stamp;
  created_at: CreatedAt;
}

export interface StaffSessionsTable {
  id: Generated<string>;
  staff_id: string;
  token_hash: string;
  csrf_hash: string;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Date | string;
  revoked_at: Stamp;
  address: string | null;
  user_agent: string | null;
}

/** Which units of an order's lines a refund or a return is about. */
export interface LineQuantity {
  itemId: string;
  quantity: number;
  /** A refund's line: what was paid for these units, paise (refunds recorded before it was kept have none). */
  amountPaise?: number;
}

export type RefundState = 'requested' | 'pending' | 'processed' | 'failed';

export interface OrderRefundsTable {
  id: Generated<string>;
  order_id: string;
  return_id: string | null;
  /** Paise. */
  amount: number;
  lines: Json<LineQuantity[]>;
  reason: string;
  restock: ColumnType<boolean, boolean | undefined, boolean>;
  state: ColumnType<RefundState, RefundState | undefined, RefundState>;
  provider_refund_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  source: string;
  actor_kind: ActorKind;
  actor_id: string | null;
  actor_label: string | null;
  created_at: CreatedAt;
  processed_at: Stamp;
  /** While a sender is asking the provider for it (a minute at most). */
  claimed_until: Stamp;
  /** Moved by every state change (refunds/refund-state.ts): a move names the version it read (migration 0034). */
  version: Generated<number>;
  updated_at: UpdatedAt;
}

export interface ReturnsTable {
  id: Generated<string>;
  order_id: string;
  customer_id: string;
  status: ColumnType<ReturnStatus, ReturnStatus | undefined, ReturnStatus>;
  version: Generated<number>;
  reason: string;
  comment: string | null;
  lines: Json<LineQuantity[]>;
  decision_note: string | null;
  restocked: boolean | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  decided_at: Stamp;
  received_at: Stamp;
  refunded_at: Stamp;
}

export type NoticeKind = 'shipped' | 'delivered' | 'cancelled' | 'refunded' | 'return-approved' | 'return-rejected';

export interface OrderNoticesTable {
  id: Generated<string>;
  order_id: string;
  kind: NoticeKind;
  event_key: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  claimed_at: Stamp;
  sent_at: Stamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
}

export interface StaffPasskeysTable {
  id: Generated<string>;
  staff_id: string;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<string, number | string | undefined, number | string>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Stamp;
}

export interface StaffWebauthnChallengesTable {
  id: Generated<string>;
  staff_id: string | null;
  purpose: 'register' | 'authenticate';
  challenge: string;
  expires_at: Date | string;
  used_at: Stamp;
  /** Who asked for a sign-in challenge (the client address, an IPv6 address by its /64). */
  address: string | null;
}

export interface ShopSettingsTable {
  id: Generated<number>;
  /** What the owner saved: a detail absent shows its default. */
  values: Json<ShopSettingsValues>;
  version: Generated<number>;
  updated_at: Date | null;
}

/** The last serial taken in a series (INV, CN) in a financial year (tax/documents.ts). */
export interface TaxDocumentSeriesTable {
  series: string;
  financial_year: string;
  last_serial: number;
}

/** A tax invoice or credit note as issued: never changed (the database refuses UPDATE and DELETE). */
export interface TaxDocumentsTable {
  id: Generated<string>;
  kind: TaxDocumentRecord['kind'];
  number: string;
  financial_year: string;
  serial: number;
  order_id: string;
  refund_id: string | null;
  issued_at: ColumnType<Date, Date | string | undefined, never>;
  document: Json<Omit<TaxDocumentRecord, '_id'>>;
}

/** A tax document's PDF, drawn once and kept (migration 0037): append-only, as the document is. */
export interface TaxDocumentPdfsTable {
  document_id: string;
  pdf: Buffer;
  drawn_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Words people type, kept where an erasure can reach them (migration 0038): append-only rows hold `{ noteId }`. */
export interface NotesTable {
  id: Generated<string>;
  /** The shopper the words concern (null: none). */
  customer_id: string | null;
  body: string;
  written_at: ColumnType<Date, Date | string | undefined, never>;
  erased_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A policy page's version (migration 0029): append-only; staff_id null for the demo's own texts. */
export interface PolicyVersionsTable {
  slug: PolicySlug;
  version: number;
  html: string;
  saved_at: CreatedAt;
  staff_id: string | null;
}

/** A complaint (migration 0030): of one enquiry or one return, with its ticket and its two deadlines' stamps. */
export interface ComplaintsTable {
  id: Generated<string>;
  ticket: string;
  enquiry_id: string | null;
  return_id: string | null;
  received_at: CreatedAt;
  acknowledged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A shopper's consent (migration 0032): to what, under which notice version, when, and when withdrawn. */
export interface ConsentsTable {
  id: Generated<string>;
  customer_id: string;
  purpose: 'account';
  notice_version: number;
  given_at: CreatedAt;
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface Database {
  consents: ConsentsTable;
  complaints: ComplaintsTable;
  policy_versions: PolicyVersionsTable;
  tax_document_series: TaxDocumentSeriesTable;
  tax_documents: TaxDocumentsTable;
  tax_document_pdfs: TaxDocumentPdfsTable;
  notes: NotesTable;
  staff: StaffTable;
  staff_invites: StaffInvitesTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_passkeys: StaffPasskeysTable;
  staff_webauthn_challenges: StaffWebauthnChallengesTable;
  order_events: OrderEventsTable;
  order_refunds: OrderRefundsTable;
  order_notices: OrderNoticesTable;
  returns: ReturnsTable;
  audit_log: AuditLogTable;
  checkouts: CheckoutsTable;
  webhook_events: WebhookEventsTable;
  payment_refunds: PaymentRefundsTable;
  job_leases: JobLeasesTable;
  unsettled_payments: UnsettledPaymentsTable;
  customers: CustomersTable;
  colors: ColorsTable;
  products: ProductsTable;
  search_synonyms: SearchSynonymsTable;
  search_log: SearchLogTable;
  search_daily: SearchDailyTable;
  product_colors: ProductColorsTable;
  catalogue_changes: CatalogueChangesTable;
  catalogue_terms: CatalogueTermsTable;
  coupons: CouponsTable;
  photos: PhotosTable;
  photo_files: PhotoFilesTable;
  coupon_redemptions: CouponRedemptionsTable;
  ratings: RatingsTable;
  cart_lines: CartLinesTable;
  wishlist: WishlistTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  blogs: BlogsTable;
  enquiries: EnquiriesTable;
  enquiry_events: EnquiryEventsTable;
  reset_tokens: ResetTokensTable;
  email_changes: EmailChangesTable;
  attempt_windows: AttemptWindowsTable;
  shop_settings: ShopSettingsTable;
}

export type Customer = Selectable<CustomersTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type Blog = Selectable<BlogsTable>;
export type Order = Selectable<OrdersTable>;
export type Checkout = Selectable<CheckoutsTable>;
export type Coupon = Selectable<CouponsTable>;
