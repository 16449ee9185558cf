import type { ComplaintListRecord, ComplaintRecord } from '@digitic/rest-contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { escapeHtml } from '../mail/escape-html.js';
import type { Mailer } from '../mail/mailer.js';
import type { ShopIdentityReader } from '../settings/settings.js';

// Complaints (Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)-(5)): a contact enquiry or a return the
// shopper marks as one is a complaint with a ticket number, told at once and e-mailed; acknowledged within 48 hours
// (an enquiry's first reply or status past Submitted, a return's decision) and resolved within a month (the
// enquiry Resolved; the return Refunded or Rejected). The enquiries' and returns' own movers call the steps here.

export const ACKNOWLEDGE_WITHIN_MS = 48 * 60 * 60 * 1000;
export const RESOLVE_WITHIN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Source = { enquiryId: string } | { returnId: string };
const column = (s: Source) =>
  'enquiryId' in s ? { col: 'enquiry_id' as const, id: s.enquiryId } : { col: 'return_id' as const, id: s.returnId };

/** A new complaint of the enquiry or return, in its transaction: its ticket, from the sequence. */
export async function openComplaint(trx: Transaction<Database>, source: Source): Promise<string> {
  const { col, id } = column(source);
  const { rows } = await sql<{ ticket: string }>`select 'GRV-' || lpad(nextval('complaint_tickets')::text, 6, '0') as ticket`.execute(trx);
  const ticket = rows[0]?.ticket as string;
  await trx
    .insertInto('complaints')
    .values({ ticket, [col]: id })
    .execute();
  return ticket;
}

/** The complaint of an enquiry or a return (if it is one) is acknowledged: its first acknowledgment stands. */
export async function complaintAcknowledged(trx: Transaction<Database>, source: Source): Promise<void> {
  const { col, id } = column(source);
  await trx
    .updateTable('complaints')
    .set({ acknowledged_at: new Date() })
    .where(col, '=', id)
    .where('acknowledged_at', 'is', null)
    .execute();
}

/** The complaint is resolved (acknowledged with it, if it was not), or open again (an enquiry moved back from Resolved). */
export async function complaintResolved(trx: Transaction<Database>, source: Source, resolved = true): Promise<void> {
  const { col, id } = column(source);
  if (resolved) await complaintAcknowledged(trx, source);
  await trx
    .updateTable('complaints')
    .set({ resolved_at: resolved ? new Date() : null })
    .where(col, '=', id)
    .where('resolved_at', resolved ? 'is' : 'is not', null)
    .execute();
}

/** The receipt e-mailed to whoever complained: the ticket and the two deadlines. */
export function complaintReceipt(r: { to: string; name: string; ticket: string; shopName: string; receivedAt: Date }) {
  const days = (ms: number) => new Date(r.receivedAt.getTime() + ms).toISOString().slice(0, 10);
  const text = [
    'Hello,',
    '',
    `We have received your complaint. Its ticket number is ${r.ticket}: please quote it when you write to us.`,
    `We will acknowledge it by ${days(ACKNOWLEDGE_WITHIN_MS)} (within 48 hours) and resolve it by ${days(RESOLVE_WITHIN_DAYS * DAY_MS)} (within a month).`,
    'If you are not satisfied, write to our Grievance Officer, named at the foot of every page of our shop.',
    '',
    r.shopName,
  ].join('\n');
  return { to: r.to, subject: `Your complaint ${r.ticket} to ${r.shopName}`, text, html: `<pre>${escapeHtml(text)}</pre>` };
}

export const ComplaintQuery = z.object({
  overdue: z
    .enum(['true', 'false'], { error: 'overdue is true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

const rows = (db: Kysely<Database>) =>
  db
    .selectFrom('complaints as c')
    .leftJoin('enquiries as e', 'e.id', 'c.enquiry_id')
    .leftJoin('returns as r', 'r.id', 'c.return_id')
    .leftJoin('customers as u', 'u.id', 'r.customer_id')
    .select([
      'c.ticket',
      'c.enquiry_id',
      'c.return_id',
      'r.order_id',
      'c.received_at',
      'c.acknowledged_at',
      'c.resolved_at',
      sql<string>`coalesce(e.name, trim(u.firstname || ' ' || coalesce(u.lastname, '')), '')`.as('name'),
      sql<string>`coalesce(e.email, u.email, '')`.as('email'),
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];
const overdueWhere = sql<boolean>`(c.acknowledged_at is null and c.received_at < now() - interval '48 hours') or (c.resolved_at is null and c.received_at < now() - interval '30 days')`;
const record = (c: Row, now = Date.now()): ComplaintRecord => {
  const received = c.received_at.getTime();
  const acknowledgeBy = received + ACKNOWLEDGE_WITHIN_MS;
  const resolveBy = received + RESOLVE_WITHIN_DAYS * DAY_MS;
  return {
    ticket: c.ticket,
    source: c.enquiry_id ? 'enquiry' : 'return',
    enquiryId: c.enquiry_id,
    returnId: c.return_id,
    orderId: c.order_id ?? null,
    name: c.name,
    email: c.email,
    receivedAt: c.received_at.toISOString(),
    acknowledgeBy: new Date(acknowledgeBy).toISOString(),
    acknowledgedAt: c.acknowledged_at?.toISOString() ?? null,
    resolveBy: new Date(resolveBy).toISOString(),
    resolvedAt: c.resolved_at?.toISOString() ?? null,
    overdue: (!c.acknowledged_at && now > acknowledgeBy) || (!c.resolved_at && now > resolveBy),
  };
};

/** The complaint of an enquiry or a return, or null. */
export async function complaintOf(db: Kysely<Database>, source: Source): Promise<ComplaintRecord | null> {
  const { col, id } = column(source);
  const row = await rows(db).where(`c.${col}`, '=', id).executeTakeFirst();
  return row ? record(row) : null;
}

export function complaints(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  shop: ShopIdentityReader;
  log: (line: string, detail?: unknown) => void;
}) {
  const { db } = deps;
  return {
    /** The complaint of an enquiry or a return, or null. */
    of: (source: Source): Promise<ComplaintRecord | null> => complaintOf(db, source),

    /** The back office's list: open ones first (the most overdue first), then resolved ones, newest first; at most 200. */
    async list(query: z.output<typeof ComplaintQuery>): Promise<ComplaintListRecord> {
      let q = rows(db);
      if (query.overdue) q = q.where(overdueWhere);
      const [list, overdue] = await Promise.all([
        q
          .orderBy(sql`c.resolved_at is null`, 'desc')
          .orderBy(sql`case when c.resolved_at is null then c.received_at end`, 'asc')
          .orderBy('c.received_at', 'desc')
          .limit(200)
          .execute(),
        db
          .selectFrom('complaints as c')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(overdueWhere)
          .executeTakeFirstOrThrow(),
      ]);
      return { complaints: list.map((c) => record(c)), overdue: Number(overdue.n) };
    },

    /** E-mails the receipt of a complaint just made; a failed e-mail is logged (the ticket was shown on the page). */
    async sendReceipt(to: { email: string; name: string }, ticket: string, receivedAt: Date): Promise<void> {
      try {
        const { name: shopName } = await deps.shop();
        await deps.mailer.send(complaintReceipt({ to: to.email, name: to.name, ticket, shopName, receivedAt }));
      } catch (err) {
        deps.log(`complaint ${ticket}: its receipt was not e-mailed`, err);
      }
    },
  };
}

export type Complaints = ReturnType<typeof complaints>;
