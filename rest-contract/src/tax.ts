// GST as the api records it: per line and per sale, amounts in paise, rates in basis points (shop-rules' gst.ts).
import type { LineTax } from '@digitic/shop-rules/gst';

/** One line's GST as shop-rules' gstOf makes it: its value after discount, GST included; the rate in basis points; paise. */
export type LineTaxRecord = LineTax;

/** A sale's GST: from the seller's state to the place of supply; CGST + SGST (or UTGST) inside a state, IGST across. */
export interface SaleTaxRecord {
  sellerState: string;
  sellerGstin: string;
  placeOfSupply: string;
  intraState: boolean;
  stateTaxName: 'SGST' | 'UTGST';
  buyerGstin: string | null;
  shipping: LineTaxRecord & { sac: string };
  total: Omit<LineTaxRecord, 'rateBp'>;
}

/** A line of a tax invoice or credit note (amounts in paise, the rate in basis points). */
export interface TaxDocumentLineRecord {
  /** The order line it is for (none: the shipping fee). */
  itemId: string | null;
  description: string;
  /** HSN code of goods, SAC of a service (the shipping fee); null when the product had none. */
  code: string | null;
  quantity: number;
  /** Price of one, GST included (paise). */
  unitPrice: number;
  /** Its share of a coupon (paise). */
  discount: number;
  rateBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What it comes to, GST included: taxable + the taxes. */
  value: number;
}

/** A tax invoice or a credit note as issued (CGST Rules, rules 46 and 53): everything it says, never changed. */
export interface TaxDocumentRecord {
  _id: string;
  kind: 'invoice' | 'credit_note';
  /** Its serial, unique in its financial year (INV/26-27/000001, CN/26-27/000001). */
  number: string;
  /** The financial year, April to March: "26-27". */
  financialYear: string;
  issuedAt: string;
  orderId: string;
  /** The order's short number, as the shop's e-mails say it. */
  orderNumber: string;
  /** A credit note: the invoice it adjusts, and why. */
  against: { number: string; issuedAt: string } | null;
  reason: string | null;
  seller: { legalName: string; address: string; state: string; stateCode: string; gstin: string; demo: boolean };
  buyer: { name: string; address: string; state: string; stateCode: string | null; gstin: string | null };
  placeOfSupply: { state: string; code: string | null };
  intraState: boolean;
  stateTaxName: 'SGST' | 'UTGST';
  lines: TaxDocumentLineRecord[];
  totals: { taxable: number; cgst: number; sgst: number; igst: number; value: number };
}

/** A document as an order lists it: its PDF is GET /api/user/tax-documents/:id/pdf (staff: /api/admin/tax-documents/:id/pdf). */
export interface TaxDocumentSummaryRecord {
  _id: string;
  kind: TaxDocumentRecord['kind'];
  number: string;
  issuedAt: string;
  /** What it comes to, GST included, paise. */
  total: number;
}
