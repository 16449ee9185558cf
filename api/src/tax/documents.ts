import type { TaxDocumentLineRecord, TaxDocumentRecord } from '@digitic/rest-contract';
import { type DocumentSeries, documentNumber, financialYear, gstState, SHIPPING_SAC } from '@digitic/shop-rules';
import { sql, type Transaction } from 'kysely';
import type { Seller } from '../config/env.js';
import type { Database } from '../db/schema.js';
import { ORDER_LINE_TAX } from './sale-tax.js';

// Tax invoices (and, in credit-notes.ts, credit notes), issued in the transaction of what they record: an order's invoice as the order
// is written (write-order.ts), a credit note as a refund is (refunds/record.ts). Each takes the next serial of
// its series in the financial year from one row (tax_document_series), so a document that is rolled back takes
// no number and two at once wait on each other: the serials run without a gap. A document holds everything it
// says (the seller, the buyer, each line's tax), so it reads the same whenever it is printed again.

export type Trx = Transaction<Database>;

const KIND_OF: Record<DocumentSeries, TaxDocumentRecord['kind']> = { INV: 'invoice', CN: 'credit_note' };

/** The next serial of a series in a financial year, taken in the caller's transaction (its row is locked until it ends). */
async function nextSerial(trx: Trx, series: DocumentSeries, year: string): Promise<number> {
  const { rows } = await sql<{ last_serial: number }>`
    insert into tax_document_series (series, financial_year, last_serial) values (${series}, ${year}, 1)
    on conflict (series, financial_year) do update set last_serial = tax_document_series.last_serial + 1
    returning last_serial
  `.execute(trx);
  return Number(rows[0]?.last_serial);
}

/** Writes a document under the next number of its series (issued now, in India's financial year). */
export async function issue(
  trx: Trx,
  series: DocumentSeries,
  body: Omit<TaxDocumentRecord, '_id' | 'kind' | 'number' | 'financialYear' | 'issuedAt'>,
  refundId: string | null,
): Promise<TaxDocumentRecord> {
  // The year's series is locked by the serial's upsert; the date is read after it, so a later serial never
  // carries an earlier date (two documents at midnight of 31 March keep their years' order).
  let issuedAt = new Date();
  let year = financialYear(issuedAt);
  let serial = await nextSerial(trx, series, year);
  const now = new Date();
  if (financialYear(now) !== year) {
    // The year turned while this waited: the number is the new year's (the old year's upsert rolls back with nothing issued).
    year = financialYear(now);
    serial = await nextSerial(trx, series, year);
  }
  issuedAt = now;
  const number = documentNumber(series, year, serial);
  const document: Omit<TaxDocumentRecord, '_id'> = {
    kind: KIND_OF[series],
    number,
    financialYear: year,
    issuedAt: issuedAt.toISOString(),
    ...body,
  };
  const row = await trx
    .insertInto('tax_documents')
    .values({
      kind: document.kind,
      number,
      financial_year: year,
      serial,
      order_id: body.orderId,
      refund_id: refundId,
      issued_at: issuedAt,
      document: JSON.stringify(document),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { _id: row.id, ...document };
}

const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/**
 * The order's tax invoice, issued as the order is written (in its transaction): what the checkout priced, line by
 * line, and the shipping fee. An order without its GST (never, since the checkout prices it) gets none.
 */
export async function issueInvoice(trx: Trx, orderId: string, seller: Seller): Promise<TaxDocumentRecord | null> {
  const order = await trx.selectFrom('orders').select(['id', 'shipping_info', 'tax']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const tax = order.tax;
  if (!tax) return null;
  const items = await trx
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('colors as c', 'c.id', 'i.color_id')
    .select(['i.id', 'i.quantity', 'i.price', ...ORDER_LINE_TAX, 'p.title', 'c.title as color'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.position')
    .execute();
  const lines: TaxDocumentLineRecord[] = items.map((i) => {
    const taxable = Number(i.taxable_paise);
    const [cgst, sgst, igst] = [Number(i.cgst_paise), Number(i.sgst_paise), Number(i.igst_paise)];
    return {
      itemId: i.id,
      description: `${i.title} (${i.color})`,
      code: i.hsn_code,
      quantity: i.quantity,
      unitPrice: i.price * 100,
      discount: i.discount_paise,
      rateBp: i.gst_rate_bp ?? 0,
      taxable,
      cgst,
      sgst,
      igst,
      value: taxable + cgst + sgst + igst,
    };
  });
  const s = tax.shipping;
  lines.push({
    itemId: null,
    description: 'Shipping and handling',
    code: SHIPPING_SAC,
    quantity: 1,
    unitPrice: s.value,
    discount: 0,
    rateBp: s.rateBp,
    taxable: s.taxable,
    cgst: s.cgst,
    sgst: s.sgst,
    igst: s.igst,
    value: s.value,
  });
  const to = order.shipping_info;
  return issue(
    trx,
    'INV',
    {
      orderId,
      orderNumber: orderNumber(orderId),
      against: null,
      reason: null,
      seller: {
        legalName: seller.legalName,
        address: seller.address,
        state: tax.sellerState,
        stateCode: gstState(tax.sellerState)?.code ?? tax.sellerGstin.slice(0, 2),
        gstin: tax.sellerGstin,
        demo: seller.demo,
      },
      buyer: {
        name: `${to.firstname} ${to.lastname}`,
        address: [to.address, to.other, `${to.city} ${to.pincode}`, to.state, to.country].filter(Boolean).join(', '),
        state: to.state,
        stateCode: gstState(to.state)?.code ?? null,
        gstin: tax.buyerGstin,
      },
      placeOfSupply: { state: tax.placeOfSupply, code: gstState(tax.placeOfSupply)?.code ?? null },
      intraState: tax.intraState,
      stateTaxName: tax.stateTaxName,
      lines,
      totals: { ...totalsOf(lines) },
    },
    null,
  );
}

/** A document's totals: its lines summed. */
export const totalsOf = (lines: readonly TaxDocumentLineRecord[]) =>
  lines.reduce(
    (t, l) => ({
      taxable: t.taxable + l.taxable,
      cgst: t.cgst + l.cgst,
      sgst: t.sgst + l.sgst,
      igst: t.igst + l.igst,
      value: t.value + l.value,
    }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0, value: 0 },
  );

/** An order's documents, oldest first: its invoice, then its credit notes. */
export async function documentsOf(db: Pick<Trx, 'selectFrom'>, orderId: string): Promise<TaxDocumentRecord[]> {
  const rows = await db
    .selectFrom('tax_documents')
    .select(['id', 'document'])
    .where('order_id', '=', orderId)
    .orderBy('issued_at')
    .orderBy('serial')
    .execute();
  return rows.map((r) => ({ ...r.document, _id: r.id }));
}
