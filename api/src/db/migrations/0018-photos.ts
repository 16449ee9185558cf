import { type Kysely, sql } from 'kysely';

// Uploaded photos: photos holds each one's size and the widths made of it (photos/process.ts); its files
// (each width in AVIF, WebP and JPEG) live in photo_files when PHOTO_STORAGE is the database, or in an
// S3 bucket. A photo row is written after its files, so a row never names a file that is not there.
const statements = `
    create table photos (
      id uuid primary key,
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      widths integer[] not null check (cardinality(widths) between 1 and 10),
      source text not null check (source in ('jpeg', 'png', 'webp')),
      bytes_uploaded integer not null check (bytes_uploaded > 0),
      storage text not null check (storage in ('database', 's3')),
      uploaded_by uuid references staff (id),
      created_at timestamptz not null default now()
    );

    create table photo_files (
      key text primary key,
      content_type text not null,
      bytes bytea not null,
      created_at timestamptz not null default now()
    )
`
  .split(/;\s*\n/)
  .map((s) => s.trim())
  .filter(Boolean);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table photo_files`.execute(db);
  await sql`drop table photos`.execute(db);
}
