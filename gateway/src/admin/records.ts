import type { AddressRecord } from '@digitic/rest-contract';
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
  created_at: string;
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
  page: number;
  pageSize: number;
}

export interface AdminOrderRecord {
  id: string;
  status: string;
  version: number;
  createdAt: string;
  customer: Customer;
  lines: { id: string; productId: string; title: string; color: string; quantity: number; price: number }[];
  totals: { total: number; totalAfterDiscount: number };
  address: AddressRecord;
  payment: {
    providerOrderId: string;
    providerPaymentId: string;
    paidAt: string;
    amountPaid: number;
    refunds: { id: string; amountPaise: number; status: string; source: string; at: string }[];
  };
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
