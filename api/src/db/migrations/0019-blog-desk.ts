import { type Kysely, sql } from 'kysely';

// Blog posts written in the back office (blogs/desk.ts): a post is a draft until it is published
// (published_at), and a published one can be taken back to a draft; version: an edit names the version
// read. Posts already in the shop, and those an import writes, are published.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table blogs add column published_at timestamptz default now(), add column version integer not null default 0`.execute(db);
  await sql`update blogs set published_at = created_at`.execute(db);
  await sql`create index blogs_published on blogs (published_at desc) where published_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index blogs_published`.execute(db);
  await sql`alter table blogs drop column published_at, drop column version`.execute(db);
}
