import type { TaxDocumentRecord } from '@digitic/rest-contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import { notFound } from '../domain/errors.js';
import { documentsOf } from './documents.js';
import { storedPdf } from './stored-pdf.js';

/** A document's summary, as an order lists it. */
export const summaryOf = (d: TaxDocumentRecord) => ({
  _id: d._id,
  kind: d.kind,
  number: d.number,
  issuedAt: d.issuedAt,
  total: d.totals.value,
});

/** A PDF's file name: its number, the slashes made dashes (INV-26-27-000001.pdf). */
export const fileName = (d: Pick<TaxDocumentRecord, 'number'>) => `${d.number.replace(/\//g, '-')}.pdf`;

/** The tax invoices and credit notes, read: by the shopper whose order they are, and by staff who may read orders. */
export function taxDocumentsService(db: Kysely<Database>) {
  const one = async (id: string, customerId?: string): Promise<TaxDocumentRecord> => {
    let query = db
      .selectFrom('tax_documents as d')
      .innerJoin('orders as o', 'o.id', 'd.order_id')
      .select(['d.id', 'd.document'])
      .where('d.id', '=', id);
    // Another customer's document is as absent as one that does not exist.
    if (customerId !== undefined) query = query.where('o.customer_id', '=', customerId);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('No such tax invoice or credit note');
    return { ...row.document, _id: row.id };
  };
  return {
    /** An order's documents (its invoice, then its credit notes). */
    ofOrder: (orderId: string) => documentsOf(db, orderId),
    /** One of the customer's documents as a PDF. */
    async minePdf(customerId: string, id: string) {
      const doc = await one(id, customerId);
      return { name: fileName(doc), bytes: await storedPdf(db, doc) };
    },
    /** A document as a PDF, for staff: the download is in the audit trail (it holds a customer's name and address). */
    async staffPdf(id: string, actor: Actor) {
      const doc = await one(id);
      await recordAudit(db, actor, {
        action: 'tax_document.downloaded',
        subject: { kind: 'order', id: doc.orderId },
        after: { number: doc.number },
      });
      return { name: fileName(doc), bytes: await storedPdf(db, doc) };
    },
  };
}

export type TaxDocumentsService = ReturnType<typeof taxDocumentsService>;
