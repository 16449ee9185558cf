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

const WHERE_WORDS_WERE = [
  // [table, row filter, json column, key, whose: a select of the customer's id for the row]
  [
    'order_events',
    `kind in ('note', 'status', 'return') and detail ? 'note'`,
    'detail',
    'note',
    'select customer_id from orders where id = r.order_id',
  ],
  ['order_events', `kind = 'refund' and detail ? 'reason'`, 'detail', 'reason', 'select customer_id from orders where id = r.order_id'],
  [
    'audit_log',
    `action in ('order.note', 'order.status') and after ? 'note'`,
    'after',
    'note',
    `select customer_id from orders where id::text = r.subject_id`,
  ],
  [
    'audit_log',
    `action = 'order.refund' and after ? 'reason'`,
    'after',
    'reason',
    `select customer_id from orders where id::text = r.subject_id`,
  ],
  [
    'audit_log',
    `action = 'return.status' and after ? 'note'`,
    'after',
    'note',
    `select customer_id from returns where id::text = r.subject_id`,
  ],
  [
    'audit_log',
    `action in ('review.hidden', 'review.restored') and after ? 'reason' and jsonb_typeof(after->'reason') = 'string'`,
    'after',
    'reason',
    `select customer_id from ratings where id::text = r.subject_id`,
  ],
  [
    'audit_log',
    `action in ('review.hidden', 'review.restored') and before ? 'reason' and jsonb_typeof(before->'reason') = 'string'`,
    'before',
    'reason',
    `select customer_id from ratings where id::text = r.subject_id`,
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
  for (const [table, filter, column, key, whose] of WHERE_WORDS_WERE) {
    const { rows } = await sql<{ n: number }>`
      with words as (
        select r.id, r.${sql.raw(column)}->>${key} as body, (${sql.raw(whose)}) as customer_id, gen_random_uuid() as note_id
        from ${sql.table(table)} r
        where ${sql.raw(filter)} and jsonb_typeof(r.${sql.raw(column)}->${key}) = 'string' and length(r.${sql.raw(column)}->>${key}) > 0
      ), kept as (
        insert into notes (id, customer_id, body) select note_id, customer_id, left(body, 4000) from words returning id
      ), pointed as (
        update ${sql.table(table)} t
        set ${sql.raw(column)} = jsonb_set(t.${sql.raw(column)}, ${sql.lit(`{${key}}`)}::text[], jsonb_build_object('noteId', w.note_id))
        from words w where t.id = w.id
        returning t.id
      )
      select (select count(*) from pointed)::int as n`.execute(db);
    moved += rows[0]?.n ?? 0;
  }
  // An account erased before this migration has its words erased now, as a later erasure would.
  await sql`update notes set body = ${ERASED_WORDS}, erased_at = now() where customer_id in (select id from customers where erased_at is not null)`.execute(
    db,
  );
  // An enquiry's note is an event of the enquiry (erased with it): the trail names the event alone.
  const noted = await sql`update audit_log set after = after - 'note' where action = 'enquiry.noted' and after ? 'note'`.execute(db);
  // Staff look-ups: the query goes; who searched, how, how many and which ids found stay.
  const lookups = await sql`
    update audit_log set after = (after - 'query') || jsonb_build_object('queryKey', null)
    where action like '%.searched' and after ? 'query'`.execute(db);
  for (const table of ['audit_log', 'order_events']) {
    await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(`${table}_append_only`)}`.execute(db);
  }
  const rewritten = moved + Number(noted.numAffectedRows ?? 0) + Number(lookups.numAffectedRows ?? 0);
  if (rewritten > 0) {
    await sql`
      insert into audit_log (actor_kind, actor_label, action, after)
      values ('system', 'migration 0038-notes', 'audit.rewritten', ${JSON.stringify({
        rows: rewritten,
        why: 'words people typed moved to notes (erasable); staff look-ups keep no query',
      })}::jsonb)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notes`.execute(db);
}
