import { type Kysely, sql } from 'kysely';

// Words people type go where an erasure can reach them (issue 53): the audit trail and the order timeline are
// append-only, so they keep no free text. A staff note, a status move's or a return decision's note, a refund's
// reason and a moderator's reason are kept here, each naming the shopper it concerns; the append-only row holds
// `{ "noteId": … }` where the words were, and readers put the words back (audit/notes.ts). An erasure redacts the
// shopper's notes; the rows that point at them stay as they were written.
//
// The rows written before this migration still hold their words. This one time, as the schema's owner, the
// migration moves them here and puts the reference in their place, and it drops the queries of staff look-ups
// (the api now keeps a keyed hash of the query, audit/lookup.ts; a migration has no key): the append-only
// triggers are lifted for that and put back in the same transaction, and the trail records that it was done.
/** What an erased note reads (audit/notes.ts's ERASED_NOTE; a migration keeps its own copy, as it was). */
const ERASED_WORDS = '(erased at the shopper’s request)';

/** Where words were, and whose they are: [table, row filter, json column, key, owner join, owner's customer id]. */
const WHERE_WORDS_WERE = [
  [
    'order_events',
    `r.kind in ('note', 'status', 'return') and r.detail ? 'note'`,
    'detail',
    'note',
    'orders o on o.id = r.order_id',
    'o.customer_id',
  ],
  ['order_events', `r.kind = 'refund' and r.detail ? 'reason'`, 'detail', 'reason', 'orders o on o.id = r.order_id', 'o.customer_id'],
  // A return's request kept the shopper's own comment in its event (024cd38 moved it to the return alone).
  [
    'order_events',
    `r.kind = 'return' and r.detail ? 'comment'`,
    'detail',
    'comment',
    `returns o on o.id::text = r.detail->>'returnId'`,
    'o.customer_id',
  ],
  [
    'audit_log',
    `r.action in ('order.note', 'order.status') and r.after ? 'note'`,
    'after',
    'note',
    `orders o on r.subject_kind = 'order' and o.id::text = r.subject_id`,
    'o.customer_id',
  ],
  [
    'audit_log',
    `r.action = 'order.refund' and r.after ? 'reason'`,
    'after',
    'reason',
    `orders o on r.subject_kind = 'order' and o.id::text = r.subject_id`,
    'o.customer_id',
  ],
  [
    'audit_log',
    `r.action = 'return.status' and r.after ? 'note'`,
    'after',
    'note',
    `returns o on r.subject_kind = 'return' and o.id::text = r.subject_id`,
    'o.customer_id',
  ],
  [
    'audit_log',
    `r.action in ('review.hidden', 'review.restored') and r.after ? 'reason'`,
    'after',
    'reason',
    `ratings o on r.subject_kind = 'review' and o.id::text = r.subject_id`,
    'o.customer_id',
  ],
  [
    'audit_log',
    `r.action in ('review.hidden', 'review.restored') and r.before ? 'reason'`,
    'before',
    'reason',
    `ratings o on r.subject_kind = 'review' and o.id::text = r.subject_id`,
    'o.customer_id',
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notes (
      id uuid primary key default gen_random_uuid(),
      customer_id uuid references customers (id),
      body text not null check (length(body) between 1 and 4000),
      written_at timestamptz not null default now(),
      erased_at timestamptz
    )
  `.execute(db);
  await sql`create index notes_customer on notes (customer_id) where customer_id is not null`.execute(db);

  for (const table of ['audit_log', 'order_events']) {
    await sql`alter table ${sql.table(table)} disable trigger ${sql.raw(`${table}_append_only`)}`.execute(db);
  }
  let moved = 0;
  for (const [table, filter, column, key, owner, whose] of WHERE_WORDS_WERE) {
    const col = sql.raw(column);
    // Words whose record is gone (a review deleted, by its author or an erasure) are no one's to keep: they go.
    const { rows } = await sql<{ n: number }>`
      with words as (
        select r.id, r.${col}->>${key} as body, ${sql.raw(whose)} as customer_id, gen_random_uuid() as note_id
        from ${sql.table(table)} r left join ${sql.raw(owner)}
        where ${sql.raw(filter)} and jsonb_typeof(r.${col}->${key}) = 'string' and length(r.${col}->>${key}) > 0
      ), kept as (
        insert into notes (id, customer_id, body)
        select note_id, customer_id, left(body, 4000) from words where customer_id is not null
        returning id
      ), pointed as (
        update ${sql.table(table)} t
        set ${col} = jsonb_set(
          t.${col},
          ${sql.lit(`{${key}}`)}::text[],
          case when w.customer_id is null then 'null'::jsonb else jsonb_build_object('noteId', w.note_id) end
        )
        from words w where t.id = w.id
        returning t.id
      )
      select (select count(*) from pointed)::int + 0 * (select count(*) from kept)::int as n`.execute(db);
    moved += rows[0]?.n ?? 0;
  }
  // A reply's row named the address it went to (ba5797e to 024cd38): the enquiry has it, erasably.
  const replies = await sql`
    update audit_log set after = after - 'to' where action in ('enquiry.replied', 'enquiry.reply_resent') and after ? 'to'`.execute(db);
  // An account erased before this migration has its words erased now, as a later erasure would.
  const erased = sql`select id from customers where erased_at is not null`;
  await sql`update notes set body = ${ERASED_WORDS}, erased_at = now() where customer_id in (${erased})`.execute(db);
  await sql`update returns set decision_note = null where customer_id in (${erased})`.execute(db);
  await sql`update order_refunds set reason = ${ERASED_WORDS} where order_id in (select id from orders where customer_id in (${erased}))`.execute(
    db,
  );
  // The look-ups' keys are what "who looked this person up?" reads.
  await sql`create index audit_log_lookup_key on audit_log ((after->>'queryKey')) where action like '%.searched'`.execute(db);
  // An enquiry's note is an event of the enquiry (erased with it): the trail names the event alone.
  const noted = await sql`update audit_log set after = after - 'note' where action = 'enquiry.noted' and after ? 'note'`.execute(db);
  // Staff look-ups: the query goes; who searched, how, how many and which ids found stay.
  const lookups = await sql`
    update audit_log set after = (after - 'query') || jsonb_build_object('queryKey', null)
    where action like '%.searched' and after ? 'query'`.execute(db);
  for (const table of ['audit_log', 'order_events']) {
    await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(`${table}_append_only`)}`.execute(db);
  }
  const rewritten =
    moved + Number(noted.numAffectedRows ?? 0) + Number(lookups.numAffectedRows ?? 0) + Number(replies.numAffectedRows ?? 0);
  if (rewritten > 0) {
    await sql`
      insert into audit_log (actor_kind, actor_label, action, after)
      values ('system', 'migration 0038-notes', 'audit.rewritten', ${JSON.stringify({
        rows: rewritten,
        why: 'words people typed moved to notes (erasable); staff look-ups keep no query',
      })}::jsonb)`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The append-only rows point at the notes now: dropping them would lose the words for good.
  throw new Error('Migration 0038-notes cannot be undone: the audit trail and the order timeline refer to its notes');
}
