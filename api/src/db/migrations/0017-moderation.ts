import { type Kysely, sql } from 'kysely';

// Reviews and enquiries in the back office:
// - ratings: a moderator hides a review with a reason (hidden_at, hidden_reason, hidden_by) and may
//   restore it; a hidden review leaves the storefront and the product's rating. version: a moderation
//   names the version read (a shopper's edit moves it too).
// - enquiries: who answers it (assignee_id), a version and updated_at; enquiry_events: its internal notes
//   and the replies sent to the person who wrote, by whom and when (a reply the mailer refused says so).
const statements = `
    alter table ratings
      add column hidden_at timestamptz,
      add column hidden_reason text check (hidden_reason is null or length(hidden_reason) between 1 and 500),
      add column hidden_by uuid references staff (id),
      add column version integer not null default 0;
    create index ratings_hidden on ratings (hidden_at) where hidden_at is not null;

    alter table enquiries
      add column assignee_id uuid references staff (id),
      add column version integer not null default 0,
      add column updated_at timestamptz not null default now();
    create index enquiries_status on enquiries (status, created_at desc);

    create table enquiry_events (
      id uuid primary key default gen_random_uuid(),
      enquiry_id uuid not null references enquiries (id),
      kind text not null check (kind in ('note', 'reply')),
      body text not null check (length(body) between 1 and 10000),
      subject text,
      staff_id uuid not null references staff (id),
      sent_at timestamptz,
      send_error text,
      created_at timestamptz not null default now()
    );
    create index enquiry_events_enquiry on enquiry_events (enquiry_id, created_at)
`
  .split(/;\s*\n/)
  .map((s) => s.trim())
  .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table enquiry_events',
    'drop index enquiries_status',
    'alter table enquiries drop column assignee_id, drop column version, drop column updated_at',
    'drop index ratings_hidden',
    'alter table ratings drop column hidden_at, drop column hidden_reason, drop column hidden_by, drop column version',
  ])
    await sql.raw(statement).execute(db);
}
