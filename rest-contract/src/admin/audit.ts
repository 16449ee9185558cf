// The audit trail (GET /api/admin/audit): who did what to which record, newest first.

/** Who did something: a shopper, a staff member, the payment provider's webhook, the reconciliation timer, the shop, a command. */
export type ActorKindName = 'shopper' | 'staff' | 'webhook' | 'reconciliation' | 'system' | 'command';

export interface ActorRecord {
  kind: ActorKindName;
  id: string | null;
  /** A name a person reads: an e-mail, a command's name. */
  label: string | null;
}

/** A row of the audit trail (rows are only ever added). */
export interface AuditRecord {
  id: string;
  at: string;
  actor: ActorRecord;
  action: string;
  subject: { kind: string; id: string } | null;
  before: unknown;
  after: unknown;
  address: string | null;
  requestId: string | null;
}

/** GET /api/admin/audit (JSON). */
export interface AuditListRecord {
  rows: AuditRecord[];
}

/**
 * GET /api/admin/audit: the filters (days YYYY-MM-DD, the shop's days; an action, or a prefix ending in a dot),
 * the id of the last row of the previous page, and rows a page. As text/csv (Accept) the same filters export up to 10,000 rows.
 */
export interface AuditQuery {
  actorKind?: ActorKindName;
  actorId?: string;
  action?: string;
  subjectKind?: string;
  subjectId?: string;
  /** Staff look-ups of this e-mail, phone or words: the trail keeps each query's key, so the api keys this one to match. */
  searchedFor?: string;
  from?: string;
  to?: string;
  before?: string;
  pageSize?: number;
}
