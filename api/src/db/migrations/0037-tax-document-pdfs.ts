import { type Kysely, sql } from 'kysely';

// A tax document's PDF, drawn once and kept (issue 53): the document never changes (tax_documents is append-only),
// so neither does its PDF, and a download reads the bytes instead of drawing them again on the api's one thread.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tax_document_pdfs (
      document_id uuid primary key references tax_documents (id),
      pdf bytea not null check (length(pdf) > 0),
      drawn_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create trigger tax_document_pdfs_append_only before update or delete on tax_document_pdfs for each row execute function refuse_history_change()`.execute(
    db,
  );
  await sql`create trigger tax_document_pdfs_no_truncate before truncate on tax_document_pdfs for each statement execute function refuse_history_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tax_document_pdfs`.execute(db);
}
