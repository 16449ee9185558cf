import type { AddressRecord, EnquiryDeskRecord } from '@digitic/rest-contract';
import type { Permission, StaffRole } from '@digitic/shop-rules';

// What the api's staff routes answer (api/src/staff/), as the back office's resolvers receive it.

export interface StaffRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  permissions: readonly Permission[];
}

export interface StaffListingRecord {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: string;
  locked_until: string | null;
  /** Set when wrong codes in a row locked the account until someone unlocks it. */
  factor_blocked_at: string | null;
  created_at: string;
}

export interface AuthenticatorSetupRecord {
  uri: string;
  secret: string;
  qrSvg: string;
  expiresAt: string;
}

export interface RoleRecord {
  role: StaffRole;
  description: string;
  permissions: readonly Permission[];
}

export interface InvitationRecord {
  email: string;
  needsEmail: boolean;
  role: StaffRole;
  expiresAt: string;
  totp: { uri: string; secret: string; qrSvg: string };
}

interface Customer {
  id?: string;
  email: string;
  name: string;
  mobile: string | null;
}

export interface OrderSummaryRecord {
  id: string;
  status: string;
  total: number;
  createdAt: string;
  version: number;
  customer: Customer;
}

export interface OrderListRecord {
  items: OrderSummaryRecord[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

export interface AdminOrderRecord {
  id: string;
  status: string;
  version: number;
  createdAt: string;
  customer: Customer;
  lines: { id: string; productId: string; title: string; color: string; quantity: number; price: number; refundedQuantity: number }[];
  totals: { total: number; totalAfterDiscount: number; couponCode: string | null; discount: number };
  address: AddressRecord;
  payment: {
    providerOrderId: string;
    providerPaymentId: string;
    paidAt: string;
    amountPaid: number;
    refundedPaise: number;
    leftToRefundPaise: number;
    refunds: {
      id: string;
      providerRefundId: string | null;
      amountPaise: number;
      state: string;
      source: string;
      reason: string;
      lines: { itemId: string; quantity: number }[];
      restocked: boolean;
      error: string | null;
      at: string;
    }[];
  };
  returns: ReturnSummaryRecord[];
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  timeline: {
    id: string;
    kind: string;
    from: string | null;
    to: string | null;
    actor: { kind: string; id: string | null; label: string | null };
    detail: unknown;
    at: string;
  }[];
}

export interface AuditRecord {
  id: string;
  at: string;
  actor: { kind: string; id: string | null; label: string | null };
  action: string;
  subject: { kind: string; id: string } | null;
  before: unknown;
  after: unknown;
  address: string | null;
  requestId: string | null;
}

export interface SessionRecord {
  token: string;
  csrf: string;
  sessionId: string;
  staff: StaffRecord;
}

export interface ReturnSummaryRecord {
  id: string;
  orderId?: string;
  status: string;
  reason: string;
  units?: number;
  email?: string | null;
  lines?: { itemId: string; quantity: number }[];
  version: number;
  createdAt: string;
}

export interface ReturnListRecord {
  items: ReturnSummaryRecord[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ReturnRecord {
  id: string;
  orderId: string;
  status: string;
  version: number;
  reason: string;
  comment: string | null;
  decisionNote: string | null;
  restocked: boolean | null;
  customer: Customer;
  lines: { itemId: string; quantity: number; title: string; color: string; price: number }[];
  refund: { id: string; amountPaise: number; state: string } | null;
  createdAt: string;
}

export interface DashboardRecord {
  toProcess: number;
  toShip: number;
  today: { orders: number; revenue: number; since: string };
  openReturns: { requested: number; approved: number; received: number };
  refunds: { inProgress: number; failedLast30Days: number };
}

export interface CustomerSummaryRecord {
  id: string;
  email: string;
  name: string;
  mobile: string | null;
  orders: number;
  since: string;
}

export interface CustomerRecord {
  id: string;
  email: string;
  name: string;
  mobile: string | null;
  since: string;
  orders: CustomerOrderRecord[];
}

export interface CustomerOrderRecord {
  id: string;
  status: string;
  total: number;
  createdAt: string;
}

export interface PasskeyRecord {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyChallengeRecord {
  challengeId: string;
  options: unknown;
}

export type {
  BlogPostBody,
  BlogPostListRecord,
  BlogPostRecord,
  BulkEditRecord,
  CatalogueTermsRecord,
  CatalogueProductListRecord,
  CatalogueProductRecord,
  CatalogueProductSummaryRecord,
  CatalogueVariantRecord,
  CouponBody,
  CouponListRecord,
  CouponRecord,
  EnquiryDeskListRecord,
  EnquiryDeskRecord,
  EnquirySummaryRecord,
  LowStockItemRecord,
  ModeratedReviewListRecord,
  ModeratedReviewRecord,
  LowStockRecord,
  ProductBody,
} from '@digitic/rest-contract';

/** One note or reply of an enquiry. */
export type EnquiryEventRecord = EnquiryDeskRecord['events'][number];
