import type { EnquiryDeskListRecord } from '@digitic/rest-contract';
import { type Kysely, sql } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { type LookupTrail, personalQuery } from '../audit/lookup.js';
import { complaintAcknowledged, complaintResolved } from '../complaints/complaints.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound, versionConflict } from '../domain/errors.js';
import { isUuid } from '../domain/ids.js';
import type { Mailer } from '../mail/mailer.js';
import type { EnquiryQuery, EnquiryUpdate } from './desk-schemas.js';
import { assigneeOf, changeEnquiry, enquiryRecord } from './record.js';
import { enquiryReplies } from './replies.js';
import type { ShopIdentityReader } from '../settings/settings.js';
import { pageOf } from '../db/page.js';

// The enquiries inbox (enquiries:manage): the contact form's messages with their status (the enquiry
// lifecycle's, shop-rules), who answers each, internal notes, and replies e-mailed through the shop's
// mailer and kept on the enquiry, with whether the mailer took them (enquiries/replies.ts).

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);

export function enquiriesDesk(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The shop's name and support address as saved (settings): a reply is signed with one and names the other as Reply-To. */
  shop: ShopIdentityReader;
  log: (line: string, detail?: unknown) => void;
  /** Where a search of the inbox is recorded (the query keyed, audit/lookup.ts). */
  lookups: LookupTrail;
}) {
  const { db } = deps;
  const get = (id: string) => enquiryRecord(db, id);

  return {
    get,
    /** The inbox; every search of it is a look-up of personal data, in the audit trail. */
    async list(query: EnquiryQuery, me: string, actor: Actor): Promise<EnquiryDeskListRecord> {
      let q = db.selectFrom('enquiries as e').leftJoin('staff as s', 's.id', 'e.assignee_id');
      // Held messages are apart (held) until a staff member acts on one; all is everything.
      if (query.status === 'held') q = q.where('e.held_at', 'is not', null);
      else if (query.status !== 'all') {
        q = q.where('e.held_at', 'is', null);
        q = query.status === 'open' ? q.where('e.status', '!=', 'Resolved') : q.where('e.status', '=', query.status);
      }
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
      const { rows, total } = await pageOf(q, query, (q) =>
        q
          // The last reply the mailer took, apart from the assignment: who wrote it and when it went (one look a row).
          .leftJoinLateral(
            (eb) =>
              eb
                .selectFrom('enquiry_events as v')
                .innerJoin('staff as rs', 'rs.id', 'v.staff_id')
                .select([sql<string>`coalesce(nullif(rs.name, ''), rs.email)`.as('replied_by'), 'v.sent_at as replied_at'])
                .whereRef('v.enquiry_id', '=', 'e.id')
                .where('v.kind', '=', 'reply')
                .where('v.sent_at', 'is not', null)
                .orderBy('v.sent_at', 'desc')
                .limit(1)
                .as('r'),
            (join) => join.onTrue(),
          )
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
            'r.replied_by',
            'r.replied_at',
          ])
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id'),
      );
      // Its words are matched against names and e-mails too: every search is a look-up of personal data.
      if (query.q) {
        const by = personalQuery(query.q)?.by ?? 'text';
        await deps.lookups.record(db, actor, { what: 'enquiry', query: query.q, by, found: total, ids: rows.map((r) => r.id) });
      }
      return {
        enquiries: rows.map((e) => ({
          _id: e.id,
          name: e.name,
          email: e.email,
          excerpt: e.comment.length > 140 ? `${e.comment.slice(0, 139)}…` : e.comment,
          status: e.status,
          assignee: assigneeOf(e),
          lastReply: e.replied_by && e.replied_at ? { by: e.replied_by, at: new Date(e.replied_at).toISOString() } : null,
          createdAt: e.created_at.toISOString(),
          updatedAt: e.updated_at.toISOString(),
        })),
        total,
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

    async update(id: string, input: EnquiryUpdate, actor: Actor, assignable: readonly string[]) {
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
        await changeEnquiry(trx, id, {
          ...(input.status ? { status: input.status } : {}),
          ...(input.assigneeId !== undefined ? { assignee_id: input.assigneeId } : {}),
        });
        // A complaint's steps follow the status: past Submitted acknowledges it, Resolved resolves it (and back opens it).
        if (input.status && input.status !== before.status) {
          if (input.status === 'Resolved') await complaintResolved(trx, { enquiryId: id });
          else {
            if (input.status !== 'Submitted') await complaintAcknowledged(trx, { enquiryId: id });
            if (before.status === 'Resolved') await complaintResolved(trx, { enquiryId: id }, false);
          }
        }
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
        await changeEnquiry(trx, id);
        // The note's words are the event's (erased with the enquiry): the append-only trail names the event alone.
        await recordAudit(trx, actor, { action: 'enquiry.noted', subject: { kind: 'enquiry', id }, after: { eventId: row.id } });
      });
      return get(id);
    },

    ...enquiryReplies({ ...deps, get }),
  };
}

export type EnquiriesDesk = ReturnType<typeof enquiriesDesk>;
