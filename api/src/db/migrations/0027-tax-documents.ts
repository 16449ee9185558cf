import { type Kysely, sql } from 'kysely';

// Tax invoices and credit notes (tax/): each numbered in its own series per financial year, one after another
// with no gap (CGST Rules, rule 46(b): a consecutive serial of at most 16 characters, unique for the financial
// year). A series' last number is one row, moved in the transaction that writes the order (or the refund), so
// a number is taken only by a document that is kept, and two at once wait on that row. A document holds what
// it says, as it said it the day it was issued, and is never changed: the database refuses UPDATE and DELETE
// (refuse_history_change, 0007). The law keeps them six years (CGST Act, section 36; rule 56).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tax_document_series (
      series text not null,
      financial_year text not null,
      last_serial integer not null,
      primary key (series, financial_year)
    )
  `.execute(db);
  await sql`
    create table tax_documents (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('invoice', 'credit_note')),
      number text not null unique check (length(number) <= 16 and number ~ '^[A-Z0-9/-]+$'),
      financial_year text not null,
      serial integer not null check (serial > 0),
      order_id uuid not null references orders (id),
      refund_id uuid references order_refunds (id),
      issued_at timestamptz not null default now(),
      document jsonb not null,
      unique (kind, financial_year, serial)
    )
  `.execute(db);
  await sql`create unique index tax_documents_one_invoice on tax_documents (order_id) where kind = 'invoice'`.execute(db);
  await sql`create unique index tax_documents_one_credit_note on tax_documents (refund_id) where refund_id is not null`.execute(db);
  await sql`create index tax_documents_order on tax_documents (order_id, issued_at)`.execute(db);
  await sql`create trigger tax_documents_append_only before update or delete on tax_documents for each row execute function refuse_history_change()`.execute(
    db,
  );
  await sql`create trigger tax_documents_no_truncate before truncate on tax_documents for each statement execute function refuse_history_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tax_documents`.execute(db);
  await sql`drop table tax_document_series`.execute(db);
}
