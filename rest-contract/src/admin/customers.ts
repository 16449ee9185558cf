import type { OrderStatusName } from '../orders.js';

// The customers desk (/api/admin/customers): read-only, every look-up in the audit trail. A shopper's own
// account is ../customers.ts.

/** GET /api/admin/customers?q=: at least 3 characters of an e-mail, or a phone number. */
export interface CustomerLookupQuery {
  q: string;
}

export interface CustomerSummaryRecord {
  id: string;
  email: string;
  name: string;
  mobile: string | null;
  /** The phone given for the courier with their latest order that had one, or null. */
  deliveryPhone: string | null;
  orders: number;
  /** When they signed up. */
  since: string;
}

/** GET /api/admin/customers: at most 25, by e-mail. */
export interface CustomerListRecord {
  customers: CustomerSummaryRecord[];
}

export interface CustomerOrderRecord {
  id: string;
  status: OrderStatusName;
  /** What was paid, rupees. */
  total: number;
  createdAt: string;
  /** The phone given for the courier with it, or null. */
  deliveryPhone: string | null;
}

/** GET /api/admin/customers/:id: a customer with their last 100 orders, newest first. */
export interface StaffCustomerRecord {
  id: string;
  email: string;
  name: string;
  mobile: string | null;
  /** The phones given for the courier with their orders, the latest first, each once. */
  deliveryPhones: string[];
  since: string;
  orders: CustomerOrderRecord[];
}
