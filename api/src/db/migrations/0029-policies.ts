import { type Kysely, sql } from 'kysely';

// The shop's four policy pages (privacy, refund, shipping, terms), written by the owner in the back office. Every
// save is a new version, kept for good (what a shopper was shown on a day can always be read again): the table
// refuses UPDATE, DELETE and TRUNCATE, and a version is the next of its page or refused (two owners saving at once:
// one is told). A page with no version is the spec's empty page; the demo's texts are saved by no one (staff_id
// null) and say they are demo texts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table policy_versions (
      slug text not null check (slug in ('privacy-policy', 'refund-policy', 'shipping-policy', 'terms')),
      version integer not null check (version >= 1),
      html text not null check (char_length(html) <= 200000),
      saved_at timestamptz not null default now(),
      staff_id uuid references staff (id),
      primary key (slug, version)
    )
  `.execute(db);
  await sql`create trigger policy_versions_append_only before update or delete on policy_versions for each row execute function refuse_history_change()`.execute(
    db,
  );
  await sql`create trigger policy_versions_no_truncate before truncate on policy_versions for each statement execute function refuse_history_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table policy_versions`.execute(db);
}
