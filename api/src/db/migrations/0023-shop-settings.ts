import { type Kysely, sql } from 'kysely';

// The shop's own details (name, legal name, address, support phone and e-mail, hours, the header's notice), as
// the owner saves them in the back office: one row, its version moved by every save. A detail absent from
// `values` shows its default (the environment's SHOP_* settings, the spec's texts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shop_settings (
      id smallint primary key default 1 check (id = 1),
      values jsonb not null default '{}',
      version integer not null default 0,
      updated_at timestamptz
    )
  `.execute(db);
  await sql`insert into shop_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table shop_settings`.execute(db);
}
