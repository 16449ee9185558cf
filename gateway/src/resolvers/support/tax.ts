import type { LineTaxRecord, SaleTaxRecord, TaxDocumentSummaryRecord } from '@digitic/rest-contract';
import type { LineTax, SaleTax } from '../../__generated__/resolvers-types.js';

// The api's GST records (basis points, paise) as the schema's LineTax and SaleTax (a rate in percent).

export const lineTax = (t: LineTaxRecord): LineTax => ({
  rate: t.rateBp / 100,
  valuePaise: t.value,
  taxablePaise: t.taxable,
  cgstPaise: t.cgst,
  sgstPaise: t.sgst,
  igstPaise: t.igst,
});

export const saleTax = (t: SaleTaxRecord | null | undefined): SaleTax | null =>
  t
    ? {
        sellerState: t.sellerState,
        sellerGstin: t.sellerGstin,
        placeOfSupply: t.placeOfSupply,
        intraState: t.intraState,
        stateTaxName: t.stateTaxName,
        buyerGstin: t.buyerGstin,
        shipping: lineTax(t.shipping),
        valuePaise: t.total.value,
        taxablePaise: t.total.taxable,
        cgstPaise: t.total.cgst,
        sgstPaise: t.total.sgst,
        igstPaise: t.total.igst,
        gstPaise: t.total.cgst + t.total.sgst + t.total.igst,
      }
    : null;

/** A tax document as an order lists it, its PDF at `pdfPath` (the storefront's or the back office's). */
export const taxDocument = (d: TaxDocumentSummaryRecord, pdfPath: (id: string) => string) => ({
  id: d._id,
  kind: d.kind === 'invoice' ? ('INVOICE' as const) : ('CREDIT_NOTE' as const),
  number: d.number,
  issuedAt: d.issuedAt,
  totalPaise: d.total,
  pdfUrl: pdfPath(d._id),
});
