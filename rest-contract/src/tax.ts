// GST as the api records it: per line and per sale, amounts in paise, rates in basis points (shop-rules' gst.ts).

/** One line's GST (shop-rules' gstOf): its value after discount, GST included; the rate in basis points; paise. */
export interface LineTaxRecord {
  value: number;
  rateBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

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
