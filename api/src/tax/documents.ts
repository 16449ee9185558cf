import type { TaxDocumentLineRecord, TaxDocumentRecord } from '@digitic/rest-contract';
import { type DocumentSeries, documentNumber, financialYear, gstOf, gstState, SHIPPING_SAC } from '@digitic/shop-rules';
import { sql, type Transaction } from 'kysely';
import type { Seller } from '../config/env.js';
import type { Database } from '../db/schema.js';

// Tax invoices and credit notes, issued in the transaction of what they record: an order's invoice as the order
// is written (write-order.ts), a credit note as a refund is (refunds/record.ts). Each takes the next serial of
// its series in the financial year from one row (tax_document_series), so a document that is rolled back takes
// no number and two at once wait on each other: the serials run without a gap. A document holds everything it
// says (the seller, the buyer, each line's tax), so it reads the same whenever it is printed again.

type Trx = Transaction<Database>;

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
async function issue(
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
    .select([
      'i.id',
      'i.quantity',
      'i.price',
      'i.discount_paise',
      'i.hsn_code',
      'i.gst_rate_bp',
      'i.taxable_paise',
      'i.cgst_paise',
      'i.sgst_paise',
      'i.igst_paise',
      'p.title',
      'c.title as color',
    ])
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

const totalsOf = (lines: readonly TaxDocumentLineRecord[]) =>
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

/** Shares `amount` among rows by their values, whole paise adding up to it exactly (largest remainder first). */
function share(amount: number, values: readonly number[]): number[] {
  const whole = values.reduce((s, v) => s + v, 0);
  if (whole <= 0) return values.map(() => 0);
  const exact = values.map((v) => (amount * v) / whole);
  const out = exact.map(Math.floor);
  let left = amount - out.reduce((s, x) => s + x, 0);
  for (const { i } of exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
}

type Left = Pick<TaxDocumentLineRecord, 'quantity' | 'value' | 'taxable' | 'cgst' | 'sgst' | 'igst'>;
const rowKey = (l: Pick<TaxDocumentLineRecord, 'itemId'>) => l.itemId ?? 'shipping';

/** A refund to credit: its amount (paise) and, when it named lines, each line's units and what was paid for them. */
export interface RefundToCredit {
  id: string;
  orderId: string;
  amountPaise: number;
  reason: string;
  lines: readonly { itemId: string; quantity: number; amountPaise?: number }[];
}

/**
 * A credit note for a refund the provider has processed (CGST Act, section 34), in the transaction that records it
 * processed: a refund that failed credits nothing. It credits what is left of the invoice after the order's earlier
 * credit notes: the refunded lines at what was paid for them, each at its own rate; a refund of no named lines (a
 * cancellation, a refund of what is left, one made at the provider) shares its amount among the lines by what is
 * left of each, the shipping included. A line credited to its last unit takes exactly what was left of it, tax by
 * tax, so an invoice credited whole is credited to the paisa. An order without an invoice (placed before the shop
 * issued them) gets none. Never more than is left to credit.
 */
export async function issueCreditNote(trx: Trx, refund: RefundToCredit): Promise<TaxDocumentRecord | null> {
  if (refund.amountPaise <= 0) return null;
  const docs = await documentsOf(trx, refund.orderId);
  const invoice = docs.find((d) => d.kind === 'invoice');
  if (!invoice) return null;
  // What each invoice line has left to credit after the earlier credit notes.
  const left = new Map<string, Left>(
    invoice.lines.map((r) => [
      rowKey(r),
      { quantity: r.quantity, value: r.value, taxable: r.taxable, cgst: r.cgst, sgst: r.sgst, igst: r.igst },
    ]),
  );
  for (const note of docs.filter((d) => d.kind === 'credit_note')) {
    for (const l of note.lines) {
      const r = left.get(rowKey(l));
      if (!r) continue;
      left.set(rowKey(l), {
        quantity: r.quantity - l.quantity,
        value: r.value - l.value,
        taxable: r.taxable - l.taxable,
        cgst: r.cgst - l.cgst,
        sgst: r.sgst - l.sgst,
        igst: r.igst - l.igst,
      });
    }
  }
  const leftOf = (row: TaxDocumentLineRecord) => left.get(rowKey(row)) as Left;
  /** A credited line: all that is left of the row, or `value` of it (its GST worked out as the invoice's was). */
  const credited = (row: TaxDocumentLineRecord, value: number, quantity: number): TaxDocumentLineRecord => {
    const rest = leftOf(row);
    const whole = value >= rest.value;
    const units = quantity > 0 ? Math.min(quantity, rest.quantity) : whole ? rest.quantity : 0;
    const part = whole
      ? { value: rest.value, taxable: rest.taxable, cgst: rest.cgst, sgst: rest.sgst, igst: rest.igst }
      : (({ value: v, taxable, cgst, sgst, igst }) => ({ value: v, taxable, cgst, sgst, igst }))(
          gstOf(value, row.rateBp, invoice.intraState),
        );
    return {
      ...row,
      description: units > 0 ? row.description : `${row.description} (part of its value)`,
      quantity: units,
      discount: units > 0 ? Math.max(0, units * row.unitPrice - part.value) : 0,
      ...part,
    };
  };
  const open = invoice.lines.filter((r) => leftOf(r).value > 0);
  let amount = Math.min(
    refund.amountPaise,
    open.reduce((s, r) => s + leftOf(r).value, 0),
  );
  let lines: TaxDocumentLineRecord[] = [];
  const named = refund.lines.length > 0 && refund.lines.every((l) => l.amountPaise !== undefined);
  if (named) {
    for (const l of refund.lines) {
      const row = open.find((r) => r.itemId === l.itemId);
      if (!row) continue;
      const line = credited(row, Math.min(l.amountPaise ?? 0, leftOf(row).value, amount), l.quantity);
      lines.push(line);
      amount -= line.value;
    }
    // Anything the named lines do not account for is the shipping's.
    const shipping = open.find((r) => r.itemId === null);
    if (amount > 0 && shipping) lines.push(credited(shipping, Math.min(amount, leftOf(shipping).value), 0));
  } else {
    const parts = share(
      amount,
      open.map((r) => leftOf(r).value),
    );
    lines = open.flatMap((r, i) => ((parts[i] ?? 0) > 0 ? [credited(r, parts[i] ?? 0, 0)] : []));
  }
  lines = lines.filter((l) => l.value > 0);
  if (lines.length === 0) return null;
  return issue(
    trx,
    'CN',
    {
      orderId: refund.orderId,
      orderNumber: invoice.orderNumber,
      against: { number: invoice.number, issuedAt: invoice.issuedAt },
      reason: refund.reason,
      seller: invoice.seller,
      buyer: invoice.buyer,
      placeOfSupply: invoice.placeOfSupply,
      intraState: invoice.intraState,
      stateTaxName: invoice.stateTaxName,
      lines,
      totals: totalsOf(lines),
    },
    refund.id,
  );
}

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
