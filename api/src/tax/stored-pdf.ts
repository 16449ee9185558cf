import type { TaxDocumentRecord } from '@digitic/rest-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { drawOffThread } from './pdf-thread.js';

// A tax document's PDF is drawn once (pdfkit: about 9 ms of CPU, on a thread of its own, pdf-thread.ts) and kept in
// tax_document_pdfs; every later download, the shopper's, the staff's and the confirmation e-mail's, reads the bytes.
// At most DRAWING_AT_ONCE draw at a time in a process: a burst of documents never drawn (an import, a restore)
// waits in turn.

const DRAWING_AT_ONCE = 1;
let drawing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (drawing >= DRAWING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  drawing += 1;
  try {
    return await work();
  } finally {
    drawing -= 1;
    waiting.shift()?.();
  }
}

/** The document's PDF: the kept bytes, or drawn now (in turn) and kept for next time. */
export async function storedPdf(db: Kysely<Database>, doc: TaxDocumentRecord): Promise<Buffer> {
  const kept = await db.selectFrom('tax_document_pdfs').select('pdf').where('document_id', '=', doc._id).executeTakeFirst();
  if (kept) return Buffer.from(kept.pdf);
  const bytes = await inTurn(() => drawOffThread(doc));
  // Two drawing at once (two apis, or the confirmation e-mail and a download): the first kept wins, and both answer
  // its bytes (each drawing is stamped with when it was made).
  const inserted = await db
    .insertInto('tax_document_pdfs')
    .values({ document_id: doc._id, pdf: bytes })
    .onConflict((oc) => oc.doNothing())
    .returning('document_id')
    .executeTakeFirst();
  if (inserted) return bytes;
  const first = await db.selectFrom('tax_document_pdfs').select('pdf').where('document_id', '=', doc._id).executeTakeFirstOrThrow();
  return Buffer.from(first.pdf);
}
