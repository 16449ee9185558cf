import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { csvTable } from '../http/csv.js';
import type { LookupTrail } from './lookup.js';
import { withNotes } from './notes.js';
import type { AuditRecord } from '@digitic/rest-contract';

export const AuditQuery = z.object({
  actorKind: z.enum(['shopper', 'staff', 'webhook', 'reconciliation', 'system', 'command']).optional(),
  actorId: z.string().max(100).optional(),
  action: z
    .string()
    .max(100)
    .regex(/^[a-z_.]+$/, 'action is letters, dots and underscores')
    .optional(),
  subjectKind: z.string().max(50).optional(),
  subjectId: z.string().max(100).optional(),
  /** Staff look-ups of this e-mail, phone or words (the trail keeps each query's key, audit/lookup.ts): who looked whom up. */
  searchedFor: z.string().trim().min(1, 'searchedFor is the e-mail, phone or words looked up').max(254).optional(),
  from: z.iso.date('from must be a date, YYYY-MM-DD').optional(),
  to: z.iso.date('to must be a date, YYYY-MM-DD').optional(),
  /** The id of the last row of the previous page (newest first). */
  before: z.coerce.number().int().positive().optional(),
  pageSize: z.coerce.number().int().min(1).max(500, 'pageSize is at most 500').default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** An export (CSV) takes up to 10,000 rows of the same filters at once. */
export const AuditExportQuery = AuditQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(10_000, 'An export is at most 10000 rows: narrow the dates').default(10_000),
});

/** A row of the trail as the api answers it: the contract's. */
export type AuditRow = AuditRecord;

/** The audit trail, newest first, filtered; pages by the last id seen (stable while rows are added). */
export async function auditRows(db: Kysely<Database>, lookups: Pick<LookupTrail, 'keyOf'>, query: AuditQuery): Promise<AuditRow[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (query.actorKind) q = q.where('actor_kind', '=', query.actorKind);
  if (query.actorId) q = q.where('actor_id', '=', query.actorId);
  // An action, or every action under a prefix ("order." → order.status, order.note, …).
  if (query.action) q = query.action.endsWith('.') ? q.where('action', 'like', `${query.action}%`) : q.where('action', '=', query.action);
  if (query.subjectKind) q = q.where('subject_kind', '=', query.subjectKind);
  if (query.subjectId) q = q.where('subject_id', '=', query.subjectId);
  if (query.searchedFor) {
    q = q.where('action', 'like', '%.searched').where(sql<string>`after->>'queryKey'`, '=', lookups.keyOf(query.searchedFor));
  }
  // The shop's days, India time, as the order desk and the dashboard count them.
  if (query.from) q = q.where('at', '>=', new Date(`${query.from}T00:00:00+05:30`));
  if (query.to) q = q.where('at', '<', new Date(new Date(`${query.to}T00:00:00+05:30`).getTime() + 86_400_000));
  if (query.before) q = q.where('id', '<', String(query.before));
  const found = await q.orderBy('id', 'desc').limit(query.pageSize).execute();
  // A note's words are read from where an erasure reaches them (audit/notes.ts).
  const [befores, afters] = await Promise.all([
    withNotes(
      db,
      found.map((r) => r.before),
    ),
    withNotes(
      db,
      found.map((r) => r.after),
    ),
  ]);
  const rows = found.map((r, i) => ({ ...r, before: befores[i] ?? null, after: afters[i] ?? null }));
  return rows.map((r): AuditRow => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: { kind: r.actor_kind, id: r.actor_id, label: r.actor_label },
    action: r.action,
    subject: r.subject_kind && r.subject_id ? { kind: r.subject_kind, id: r.subject_id } : null,
    before: r.before,
    after: r.after,
    address: r.address,
    requestId: r.request_id,
  }));
}

/** The rows as CSV (the shop's one writer: every cell quoted, none a formula a spreadsheet would run). */
export function auditCsv(rows: AuditRow[]): string {
  const head = [
    'id',
    'at',
    'actor_kind',
    'actor_id',
    'actor_label',
    'action',
    'subject_kind',
    'subject_id',
    'before',
    'after',
    'address',
    'request_id',
  ];
  return csvTable(
    head,
    rows.map((r) => [
      r.id,
      r.at,
      r.actor.kind,
      r.actor.id,
      r.actor.label,
      r.action,
      r.subject?.kind,
      r.subject?.id,
      r.before,
      r.after,
      r.address,
      r.requestId,
    ]),
  );
}
