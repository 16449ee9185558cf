import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Actor } from './actor.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  /** What was done, as `subject.verb` (e.g. `order.status`, `checkout.paid`, `staff.sign_in`). */
  action: string;
  subject?: { kind: string; id: string } | null;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Appends one row to the audit trail. Called with the transaction of the change it describes, so the
 * change and its record are written together or not at all. The table refuses updates and deletes.
 */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_kind: actor.kind,
      actor_id: actor.id ?? null,
      actor_label: actor.label ?? null,
      action: entry.action,
      subject_kind: entry.subject?.kind ?? null,
      subject_id: entry.subject?.id ?? null,
      before: json(entry.before),
      after: json(entry.after),
      address: actor.address ?? null,
      request_id: actor.requestId ?? null,
    })
    .execute();
}
