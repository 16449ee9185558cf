import type { EnquiryDeskRecord } from '@digitic/rest-contract';
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, EnquiriesTable } from '../db/schema.js';
import { complaintOf } from '../complaints/complaints.js';
import { notFound } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';

/** One enquiry as the inbox shows it: the message, its status and assignee, and its notes and replies in order. */
export async function enquiryRecord(db: Kysely<Database>, id: string): Promise<EnquiryDeskRecord> {
  if (!isUuid(id)) throw notFound('Enquiry not found');
  const e = await db
    .selectFrom('enquiries as e')
    .leftJoin('staff as s', 's.id', 'e.assignee_id')
    .selectAll('e')
    .select(['s.name as assignee_name', 's.email as assignee_email'])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!e) throw notFound('Enquiry not found');
  const events = await db
    .selectFrom('enquiry_events as v')
    .innerJoin('staff as s', 's.id', 'v.staff_id')
    .select(['v.id', 'v.kind', 'v.body', 'v.subject', 'v.sent_at', 'v.send_error', 'v.created_at', 's.name', 's.email'])
    .where('v.enquiry_id', '=', id)
    .orderBy('v.created_at')
    .orderBy('v.id')
    .execute();
  const lastSent = events.filter((v) => v.kind === 'reply' && v.sent_at).at(-1);
  const complaint = await complaintOf(db, { enquiryId: id });
  return {
    ...enquiryAsSent(e),
    assignee: assigneeOf(e),
    lastReply: lastSent?.sent_at ? { by: lastSent.name || lastSent.email, at: lastSent.sent_at.toISOString() } : null,
    complaint,
    version: e.version,
    createdAt: e.created_at.toISOString(),
    updatedAt: e.updated_at.toISOString(),
    events: events.map((v) => ({
      _id: v.id,
      kind: v.kind,
      body: v.body,
      subject: v.subject,
      by: v.name || v.email,
      sentAt: v.sent_at?.toISOString() ?? null,
      sendError: v.send_error,
      createdAt: v.created_at.toISOString(),
    })),
  };
}

/** An enquiry as its sender wrote it, and where it stands: the contact form's answer and the head of the inbox's record. */
export const enquiryAsSent = (e: Pick<Selectable<EnquiriesTable>, 'id' | 'name' | 'email' | 'mobile' | 'comment' | 'status'>) => ({
  _id: e.id,
  name: e.name,
  email: e.email,
  mobile: e.mobile,
  comment: e.comment,
  status: e.status,
});

/** Who answers an enquiry, by name (or e-mail), or nobody. */
export const assigneeOf = (e: { assignee_id: string | null; assignee_name: string | null; assignee_email: string | null }) =>
  e.assignee_id ? { _id: e.assignee_id, name: e.assignee_name || e.assignee_email || '' } : null;

/** A change to an enquiry, in the caller's transaction: what it sets (if anything), its version moved on, its time stamped. */
export async function changeEnquiry(
  trx: Transaction<Database>,
  id: string,
  set: Pick<Updateable<EnquiriesTable>, 'status' | 'assignee_id'> = {},
): Promise<void> {
  await trx
    .updateTable('enquiries')
    // Any staff action on a held message (a note, a reply, a status, an assignee) is its review: it joins the inbox.
    .set((eb) => ({ ...set, held_at: null, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}
