import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';

// The one rule for words people type (issue 53): an append-only row (the audit trail, the order timeline) never
// holds them. A staff note, a status move's or a return decision's note, a refund's reason, a moderator's reason
// goes to `notes`, naming the shopper it concerns, and the row keeps `{ noteId }` where the words would be. The
// readers (the timeline, the audit screen and its export) put the words back; an erasure redacts the shopper's
// notes, and the rows that point at them are left as written. Look-ups keep no query at all (audit/lookup.ts).

/** Where an append-only row keeps words: the note's id. */
export interface NoteRef {
  noteId: string;
}

/** What an erased note reads. */
export const ERASED_NOTE = '(erased at the shopper’s request)';

type Db = Kysely<Database> | Transaction<Database>;

/** Keeps words (in the change's transaction) and answers the reference the append-only row holds instead. */
export async function keepNote(db: Db, body: string, about: { customerId: string | null }): Promise<NoteRef> {
  const row = await db.insertInto('notes').values({ customer_id: about.customerId, body }).returning('id').executeTakeFirstOrThrow();
  return { noteId: row.id };
}

/** Words kept as a note when there are any (an absent note stays absent). */
export async function keepNoteIf(db: Db, body: string | null | undefined, about: { customerId: string | null }) {
  return body ? keepNote(db, body, about) : undefined;
}

/** An erasure's part: every note that concerns the shopper reads ERASED_NOTE from now on. */
export async function eraseNotes(trx: Transaction<Database>, customerId: string): Promise<void> {
  await trx
    .updateTable('notes')
    .set({ body: ERASED_NOTE, erased_at: new Date() })
    .where('customer_id', '=', customerId)
    .where('erased_at', 'is', null)
    .execute();
}

/** The fields that hold a note's reference (and nothing else does: any other field is left as it is). */
const NOTE_FIELDS = new Set(['note', 'reason', 'comment']);

const isRef = (key: string, v: unknown): v is NoteRef =>
  NOTE_FIELDS.has(key) &&
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as NoteRef).noteId === 'string' &&
  isUuid((v as NoteRef).noteId);

/**
 * The words back in place of their references, one level down in each object given (an event's detail, an audit
 * row's before and after): `{ note: { noteId } }` reads `{ note: "…" }` again, in the fields that hold notes alone
 * (note, reason, comment), and only for a well-formed id. One query for them all.
 */
export async function withNotes<T>(db: Db, objects: readonly T[]): Promise<T[]> {
  const ids = new Set<string>();
  for (const o of objects) if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) if (isRef(k, v)) ids.add(v.noteId);
  if (ids.size === 0) return [...objects];
  const rows = await db
    .selectFrom('notes')
    .select(['id', 'body'])
    .where('id', 'in', [...ids])
    .execute();
  const body = new Map(rows.map((r) => [r.id, r.body]));
  return objects.map((o) =>
    o && typeof o === 'object' && !Array.isArray(o)
      ? (Object.fromEntries(Object.entries(o).map(([k, v]) => [k, isRef(k, v) ? (body.get(v.noteId) ?? null) : v])) as T)
      : o,
  );
}
