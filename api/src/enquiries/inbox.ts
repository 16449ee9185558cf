import type { EnquiryDeskListRecord, EnquiryDeskRecord } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../audit/actor.js';
import { personalQuery, recordLookup } from '../audit/lookup.js';
import { recordAudit } from '../audit/record.js';
import type { Database, EnquiryStatus } from '../db/schema.js';
import { badRequest, conflict, notFound, unavailable, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';

// The enquiries inbox (enquiries:manage): the contact form's messages with their status (the original's
// set: Submitted, Contacted, In Progress, Resolved), who answers each, internal notes, and replies
// e-mailed through the shop's mailer and kept on the enquiry, with whether the mailer took them.

export const ENQUIRY_STATUSES = ['Submitted', 'Contacted', 'In Progress', 'Resolved'] as const satisfies readonly EnquiryStatus[];

export const EnquiryQuery = z.object({
  status: z
    .enum([...ENQUIRY_STATUSES, 'open', 'all'], { error: 'status is Submitted, Contacted, In Progress, Resolved, open or all' })
    .default('open'),
  assignee: z.string().trim().max(40).optional(),
  q: z.string().trim().max(200, 'The search is at most 200 characters').optional(),
  page: z.coerce.number({ error: 'page is a whole number from 1' }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize is a whole number' }).int().min(1).max(100, 'pageSize is at most 100').default(25),
});
export type EnquiryQuery = z.infer<typeof EnquiryQuery>;

const version = z.number({ error: 'version is the enquiry version you read' }).int().min(0);
export const EnquiryUpdate = z
  .object({
    status: z.enum(ENQUIRY_STATUSES, { error: 'status is Submitted, Contacted, In Progress or Resolved' }).optional(),
    /** A staff member's id, or null for nobody. */
    assigneeId: z
      .string()
      .refine((v) => isUuid(v), 'assigneeId is a staff member’s id')
      .nullable()
      .optional(),
    version,
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, 'Give a status or an assignee to change');
export const NoteInput = z.object({
  note: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(5000, 'A note is at most 5,000 characters'),
});
export const ReplyInput = z.object({
  message: z.string({ error: 'Write the reply' }).trim().min(1, 'Write the reply').max(10_000, 'A reply is at most 10,000 characters'),
});

/** A claim older than this was left by a process that stopped mid-send (the mailer gives up well before): it is taken again. */
const CLAIM_LAPSES = '15 minutes';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const escapeLike = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);

/** The reply as the person who wrote receives it: the answer, who answered, and what they wrote. */
export function replyMail(r: {
  to: string;
  name: string;
  message: string;
  staffName: string;
  asked: string;
  shopName: string;
}): MailMessage {
  const quoted = r.asked
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  const text = [`Hello ${r.name},`, '', r.message, '', `${r.staffName}, ${r.shopName}`, '', 'You wrote:', quoted].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(r.name)},</p>`,
    ...r.message.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p>${escapeHtml(r.staffName)}, ${escapeHtml(r.shopName)}</p>`,
    `<blockquote>${escapeHtml(r.asked).replace(/\n/g, '<br>')}</blockquote>`,
  ].join('\n');
  return { to: r.to, subject: `Your message to ${r.shopName}`, text, html };
}

export function enquiriesDesk(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  shopName: string;
  log: (line: string, detail?: unknown) => void;
}) {
  const { db } = deps;

  async function get(id: string): Promise<EnquiryDeskRecord> {
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
    return {
      _id: e.id,
      name: e.name,
      email: e.email,
      mobile: e.mobile,
      comment: e.comment,
      status: e.status,
      assignee: e.assignee_id ? { _id: e.assignee_id, name: e.assignee_name || e.assignee_email || '' } : null,
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

  /**
   * Hands a recorded reply to the mailer once its delivery is claimed, and notes on it whether the mailer took
   * it. The claim (sending_at) is the reply's guarded update: written only where the reply is not sent and no
   * delivery holds it, so of concurrent deliveries one goes ahead; a failed send clears it (Send again works).
   */
  async function deliver(id: string, eventId: string, mail: MailMessage) {
    try {
      await deps.mailer.send(mail);
    } catch (err) {
      deps.log(`enquiry ${id}: the reply ${eventId} was not sent`, err);
      const why = err instanceof Error ? err.message.slice(0, 300) : 'the mailer refused it';
      await db.updateTable('enquiry_events').set({ send_error: why, sending_at: null }).where('id', '=', eventId).execute();
      throw unavailable('The reply is kept on the enquiry but could not be e-mailed now: use Send again on it shortly.');
    }
    await db
      .updateTable('enquiry_events')
      .set({ sent_at: new Date(), send_error: null, sending_at: null })
      .where('id', '=', eventId)
      .execute();
  }

  /** Claims the reply's delivery: true for the one caller that may send it now. */
  async function claim(eventId: string): Promise<boolean> {
    const claimed = await db
      .updateTable('enquiry_events')
      .set({ sending_at: sql<Date>`now()` })
      .where('id', '=', eventId)
      .where('kind', '=', 'reply')
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('sending_at', 'is', null), eb('sending_at', '<', sql<Date>`now() - ${CLAIM_LAPSES}::interval`)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  return {
    get,
    /** The inbox; every search of it is a look-up of personal data, in the audit trail. */
    async list(query: EnquiryQuery, me: string, actor: Actor): Promise<EnquiryDeskListRecord> {
      let q = db.selectFrom('enquiries as e').leftJoin('staff as s', 's.id', 'e.assignee_id');
      if (query.status === 'open') q = q.where('e.status', '!=', 'Resolved');
      else if (query.status !== 'all') q = q.where('e.status', '=', query.status);
      if (query.assignee === 'me') q = q.where('e.assignee_id', '=', me);
      else if (query.assignee === 'none') q = q.where('e.assignee_id', 'is', null);
      else if (query.assignee) {
        if (!isUuid(query.assignee)) throw badRequest('assignee is me, none or a staff member’s id', 'assignee');
        q = q.where('e.assignee_id', '=', query.assignee);
      }
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        q = q.where((eb) => eb.or([eb('e.email', 'ilike', like), eb('e.name', 'ilike', like), eb('e.comment', 'ilike', like)]));
      }
      const [{ n }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        q
          .select([
            'e.id',
            'e.name',
            'e.email',
            'e.comment',
            'e.status',
            'e.assignee_id',
            'e.created_at',
            'e.updated_at',
            's.name as assignee_name',
            's.email as assignee_email',
          ])
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      // Its words are matched against names and e-mails too: every search is a look-up of personal data.
      if (query.q) {
        const by = personalQuery(query.q)?.by ?? 'text';
        await recordLookup(db, actor, { what: 'enquiry', query: query.q, by, found: Number(n), ids: rows.map((r) => r.id) });
      }
      return {
        enquiries: rows.map((e) => ({
          _id: e.id,
          name: e.name,
          email: e.email,
          excerpt: e.comment.length > 140 ? `${e.comment.slice(0, 139)}…` : e.comment,
          status: e.status,
          assignee: e.assignee_id ? { _id: e.assignee_id, name: e.assignee_name || e.assignee_email || '' } : null,
          createdAt: e.created_at.toISOString(),
          updatedAt: e.updated_at.toISOString(),
        })),
        total: Number(n),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Staff who may answer enquiries: those an enquiry may be assigned to. */
    async assignees(roles: readonly string[]) {
      const rows = await db
        .selectFrom('staff')
        .select(['id', 'name', 'email'])
        .where('status', '=', 'active')
        .where('role', 'in', roles as never[])
        .orderBy('name')
        .orderBy('email')
        .execute();
      return rows.map((s) => ({ _id: s.id, name: s.name || s.email }));
    },

    async update(id: string, input: z.infer<typeof EnquiryUpdate>, actor: Actor, assignable: readonly string[]) {
      if (!isUuid(id)) throw notFound('Enquiry not found');
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) throw notFound('Enquiry not found');
        if (before.version !== input.version) {
          throw versionConflict('This enquiry was changed by someone else since you opened it. Reload it, then try again.');
        }
        if (input.assigneeId) {
          const who = await trx
            .selectFrom('staff')
            .select('id')
            .where('id', '=', input.assigneeId)
            .where('status', '=', 'active')
            .where('role', 'in', assignable as never[])
            .executeTakeFirst();
          if (!who)
            throw badRequest('This person cannot answer enquiries (no such active staff member with enquiries:manage)', 'assigneeId');
        }
        await trx
          .updateTable('enquiries')
          .set((eb) => ({
            ...(input.status ? { status: input.status } : {}),
            ...(input.assigneeId !== undefined ? { assignee_id: input.assigneeId } : {}),
            version: eb('version', '+', 1),
            updated_at: new Date(),
          }))
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'enquiry.updated',
          subject: { kind: 'enquiry', id },
          before: { status: before.status, assigneeId: before.assignee_id },
          after: {
            status: input.status ?? before.status,
            assigneeId: input.assigneeId !== undefined ? input.assigneeId : before.assignee_id,
          },
        });
      });
      return get(id);
    },

    async addNote(id: string, note: string, actor: Actor) {
      if (!isUuid(id)) throw notFound('Enquiry not found');
      await db.transaction().execute(async (trx) => {
        const e = await trx.selectFrom('enquiries').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!e) throw notFound('Enquiry not found');
        const row = await trx
          .insertInto('enquiry_events')
          .values({ enquiry_id: id, kind: 'note', body: note, staff_id: actor.id as string })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('enquiries')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, { action: 'enquiry.noted', subject: { kind: 'enquiry', id }, after: { eventId: row.id, note } });
      });
      return get(id);
    },

    /**
     * E-mails a reply to the person who wrote, through the shop's mailer, and keeps it on the enquiry: the
     * reply is recorded first (nothing written is lost), then sent; the record says whether the mailer took
     * it. A first reply moves a Submitted enquiry to Contacted.
     */
    async reply(id: string, message: string, actor: Actor, staffName: string) {
      if (!isUuid(id)) throw notFound('Enquiry not found');
      await deps.mailer.ready();
      const { eventId, mail } = await db.transaction().execute(async (trx) => {
        const e = await trx.selectFrom('enquiries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!e) throw notFound('Enquiry not found');
        const mail = replyMail({ to: e.email, name: e.name, message, staffName, asked: e.comment, shopName: deps.shopName });
        const row = await trx
          .insertInto('enquiry_events')
          // Claimed as it is written: a Send again clicked while this first delivery is under way waits for it.
          .values({
            enquiry_id: id,
            kind: 'reply',
            body: message,
            subject: mail.subject,
            staff_id: actor.id as string,
            sending_at: sql<Date>`now()`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('enquiries')
          .set((eb) => ({
            ...(e.status === 'Submitted' ? { status: 'Contacted' as const } : {}),
            version: eb('version', '+', 1),
            updated_at: new Date(),
          }))
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'enquiry.replied',
          subject: { kind: 'enquiry', id },
          before: { status: e.status },
          after: { status: e.status === 'Submitted' ? 'Contacted' : e.status, eventId: row.id, to: e.email, subject: mail.subject },
        });
        return { eventId: row.id, mail };
      });
      await deliver(id, eventId, mail);
      return get(id);
    },

    /**
     * Sends again a reply the mailer did not take (it says so on the enquiry). A reply sent is never sent twice
     * from here: the delivery is claimed first (one guarded update), so of several clicks at once, or one made
     * while the reply is still being sent, one e-mails it and the others are told so.
     */
    async resend(id: string, eventId: string, actor: Actor, staffName: string) {
      if (!isUuid(id) || !isUuid(eventId)) throw notFound('Reply not found');
      await deps.mailer.ready();
      const read = () =>
        db
          .selectFrom('enquiry_events as v')
          .innerJoin('enquiries as e', 'e.id', 'v.enquiry_id')
          .select(['v.body', 'v.sent_at', 'v.kind', 'e.email', 'e.name', 'e.comment'])
          .where('v.id', '=', eventId)
          .where('v.enquiry_id', '=', id)
          .executeTakeFirst();
      const reply = await read();
      if (!reply || reply.kind !== 'reply') throw notFound('Reply not found');
      if (reply.sent_at) throw conflict('This reply was sent already', 'eventId');
      if (!(await claim(eventId))) {
        if ((await read())?.sent_at) throw conflict('This reply was sent already', 'eventId');
        throw conflict('This reply is being sent now: reload the enquiry in a moment to see whether it went', 'eventId');
      }
      const mail = replyMail({
        to: reply.email,
        name: reply.name,
        message: reply.body,
        staffName,
        asked: reply.comment,
        shopName: deps.shopName,
      });
      try {
        await recordAudit(db, actor, {
          action: 'enquiry.reply_resent',
          subject: { kind: 'enquiry', id },
          after: { eventId, to: reply.email },
        });
      } catch (err) {
        await db.updateTable('enquiry_events').set({ sending_at: null }).where('id', '=', eventId).execute();
        throw err;
      }
      await deliver(id, eventId, mail);
      return get(id);
    },
  };
}

export type EnquiriesDesk = ReturnType<typeof enquiriesDesk>;
