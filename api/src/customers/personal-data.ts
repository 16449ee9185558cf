import { type Kysely, sql } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';

// What the shop holds about a shopper, table by table: the Digital Personal Data Protection Act, 2023 gives them
// the right to a summary of it (section 11), which "Download my data" answers. Every table that names a customer
// (a foreign key to customers, or a customer_id or email column) is declared here, exported or kept out with the
// reason: a test reads the database's own catalogue, so a new table cannot be forgotten. Secrets (password and
// token hashes) are never exported.

/** How a table's rows of one shopper are found. */
type Rows =
  | { by: 'customer_id' | 'id'; omit?: readonly string[] }
  | { by: 'order'; omit?: readonly string[] }
  | { by: 'complaint' }
  | { by: 'audit' };

/** Each table of personal data: its section of the download, and how its rows are found; or why it is kept out. */
export const PERSONAL_DATA: Readonly<Record<string, { section: string; rows: Rows } | { keptOut: string }>> = {
  customers: { section: 'profile', rows: { by: 'id', omit: ['password_hash', 'sessions_since'] } },
  orders: { section: 'orders', rows: { by: 'customer_id' } },
  order_items: { section: 'orderItems', rows: { by: 'order' } },
  // Who on the staff refunded is theirs, not the shopper's.
  order_refunds: {
    section: 'refunds',
    rows: { by: 'order', omit: ['claimed_until', 'attempts', 'last_error', 'actor_id', 'actor_label'] },
  },
  tax_documents: { section: 'taxDocuments', rows: { by: 'order' } },
  returns: { section: 'returns', rows: { by: 'customer_id' } },
  checkouts: { section: 'checkouts', rows: { by: 'customer_id' } },
  unsettled_payments: { section: 'paymentsRefundedUnplaced', rows: { by: 'customer_id', omit: ['refund_attempts', 'last_refund_error'] } },
  coupon_redemptions: { section: 'couponsUsed', rows: { by: 'customer_id' } },
  cart_lines: { section: 'cart', rows: { by: 'customer_id' } },
  wishlist: { section: 'wishlist', rows: { by: 'customer_id' } },
  ratings: { section: 'reviews', rows: { by: 'customer_id', omit: ['hidden_by'] } },
  // Only those sent signed in, from the account's e-mail: an e-mail typed into the form proves nothing.
  enquiries: { section: 'enquiries', rows: { by: 'customer_id', omit: ['assignee_id'] } },
  complaints: { section: 'complaints', rows: { by: 'complaint' } },
  consents: { section: 'consents', rows: { by: 'customer_id' } },
  email_changes: { section: 'emailChanges', rows: { by: 'customer_id', omit: ['token_hash'] } },
  audit_log: { section: 'activity', rows: { by: 'audit' } },
  // Staff's words about them (notes on their orders, reasons for a refund or a hidden review): theirs to read.
  notes: { section: 'staffNotes', rows: { by: 'customer_id', omit: ['customer_id'] } },
  reset_tokens: {
    keptOut: 'one-time password-reset secrets (hashed), kept an hour: the export says when they were asked for under activity',
  },
  staff: { keptOut: "the shop's staff accounts, not shoppers'" },
};

const exported = Object.entries(PERSONAL_DATA).flatMap(([table, d]) => ('rows' in d ? [[table, d] as const] : []));

/** Everything the shop holds about one shopper, by section (each a list of rows as stored, secrets left out). */
export async function personalData(db: Kysely<Database>, customerId: string, actor: Actor) {
  const orderIds = (await db.selectFrom('orders').select('id').where('customer_id', '=', customerId).execute()).map((o) => o.id);
  const sections: Record<string, unknown[]> = {};
  for (const [table, { section, rows }] of exported) {
    const t = sql.table(table);
    let found: Record<string, unknown>[] = [];
    if (rows.by === 'customer_id' || rows.by === 'id') {
      found = (await sql<Record<string, unknown>>`select * from ${t} where ${sql.ref(rows.by)} = ${customerId}`.execute(db)).rows;
    } else if (rows.by === 'order') {
      found =
        orderIds.length === 0
          ? []
          : (await sql<Record<string, unknown>>`select * from ${t} where order_id in (${sql.join(orderIds)})`.execute(db)).rows;
    } else if (rows.by === 'complaint') {
      found = (
        await sql<Record<string, unknown>>`
          select k.ticket, k.received_at, k.acknowledged_at, k.resolved_at, k.enquiry_id, k.return_id from complaints k
          left join enquiries e on e.id = k.enquiry_id left join returns r on r.id = k.return_id
          where e.customer_id = ${customerId} or r.customer_id = ${customerId}`.execute(db)
      ).rows;
    } else {
      // What they did (signed-in actions) and what the shop did with their record (a staff member viewed it).
      found = (
        await sql<Record<string, unknown>>`
          select at, action, actor_kind, subject_kind, subject_id, case when actor_kind = 'shopper' then address end as address from audit_log
          where (actor_kind = 'shopper' and actor_id = ${customerId}) or (subject_kind = 'customer' and subject_id = ${customerId})
          order by at`.execute(db)
      ).rows;
    }
    const omit = new Set('omit' in rows ? (rows.omit ?? []) : []);
    sections[section] = found.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !omit.has(k) && k !== 'search_doc')));
  }
  await recordAudit(db, actor, { action: 'customer.data_exported', subject: { kind: 'customer', id: customerId } });
  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything this shop holds about you, by kind. Orders and their tax invoices are kept for eight years, as the GST law requires. To correct your details use My Profile; to have them erased, Delete my account.',
    ...sections,
  };
}
