import type { TaxDocumentLineRecord, TaxDocumentRecord } from '@digitic/rest-contract';
import { gstOf } from '@digitic/shop-rules';
import { documentsOf, issue, totalsOf, type Trx } from './documents.js';

// Credit notes (CGST Act, section 34): issued as a refund is recorded processed, each in the CN series of the
// financial year by the same gapless serials as the invoices (documents.ts).

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

/**
 * What a credit note (kept for good, append-only) and the payment provider (out of the shop's reach) are told of a
 * refund's reason: its kind, never the words staff typed, which may name the shopper and are erased with them.
 */
export function creditNoteReason(source: string): string {
  if (source === 'cancellation') return 'Order cancelled';
  if (source === 'return') return 'Goods returned';
  return 'Refund';
}

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
