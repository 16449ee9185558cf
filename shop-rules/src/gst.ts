// India's Goods and Services Tax as the shop charges it. Prices are shown as MRP, inclusive of all taxes, so
// the tax is taken out of what the shopper pays, never added to it: a line's value (its price × quantity, less
// its share of a coupon) is its taxable value plus its GST. A sale inside the seller's state carries CGST and
// SGST (UTGST in a union territory without a legislature), half the rate each; a sale to another state carries
// IGST at the whole rate (IGST Act, sections 7 and 10: the place of supply of goods delivered is where the
// delivery ends). Amounts are whole paise; the rounding rule is `gstOf`'s, applied per line.

/** The rates a product may carry, percent: GST's slabs since 22 September 2025 (nil, 0.25, 3, 5, 18, 40). */
export const GST_RATES = [0, 0.25, 3, 5, 18, 40] as const;

/** The rate of a product that names none: electronics (laptops, phones, TVs, cameras, audio) are 18 %. */
export const DEFAULT_GST_RATE = 18;

/** Why this is not a rate the shop can charge, or null when it is. */
export function gstRateProblem(rate: number): string | null {
  return (GST_RATES as readonly number[]).includes(rate) ? null : `The GST rate is one of ${GST_RATES.join(', ')} (percent)`;
}

/** Why this is not an HSN code, or null: 4, 6 or 8 digits (an invoice names 4 at least: CGST Rules, rule 46). */
export function hsnProblem(code: string): string | null {
  return /^\d{4}(\d{2}){0,2}$/.test(code) ? null : 'The HSN code is 4, 6 or 8 digits';
}

/** The HSN code of a product of a category that names none (customs tariff headings). */
export const HSN_BY_CATEGORY: Readonly<Record<string, string>> = {
  Laptops: '8471', // automatic data-processing machines
  Tablets: '8471',
  Headphones: '8518', // headphones and earphones
  Watches: '8517', // smart watches: apparatus for transmission of data
  TVs: '8528', // television receivers
  Cameras: '8525', // digital cameras
};

/** Delivery and courier services (SAC): what the shipping fee is on an invoice. */
export const SHIPPING_SAC = '996812';

/**
 * India's states and union territories with their GST state codes (the first two digits of a GSTIN). `ut`:
 * a union territory without a legislature, whose tax is UTGST where a state's is SGST (UTGST Act, 2017).
 */
export const GST_STATES: readonly { code: string; name: string; ut?: true }[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', ut: true },
];

const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');

/** A state by its name (any case, '&' for 'and') or its two-digit code, or undefined. */
export const gstState = (nameOrCode: string) => {
  const key = fold(nameOrCode);
  return GST_STATES.find((s) => s.code === key || fold(s.name) === key);
};

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A GSTIN's last character, from its first fourteen (the GSTN's mod-36 check, Luhn's over base 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i] as string) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36] as string;
}

/**
 * Why this is not a GSTIN, or null when it is: 15 characters, a state's code, the holder's PAN (5 letters, 4
 * digits, a letter), the registration's number, Z (or a letter for other kinds), and the check character.
 */
export function gstinProblem(gstin: string): string | null {
  const g = gstin.trim().toUpperCase();
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/.test(g)) {
    return 'A GSTIN is 15 characters: the state code, the PAN, the registration number, Z and a check character';
  }
  if (!GST_STATES.some((s) => s.code === g.slice(0, 2)) && g.slice(0, 2) !== '97')
    return `A GSTIN does not start with ${g.slice(0, 2)}: that is no state’s code`;
  if (gstinCheckCharacter(g.slice(0, 14)) !== g[14]) return 'The GSTIN’s last character does not match: a character is mistyped';
  return null;
}

/** A rate in basis points (hundredths of a percent: 18 % is 1800), the way amounts are computed without fractions. */
export const basisPoints = (ratePercent: number) => Math.round(ratePercent * 100);

/** Half up, for a non-negative ratio of whole numbers. */
const roundDiv = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** One line's GST, paise. */
export interface LineTax {
  /** What the line is sold for after its share of a discount, GST included. */
  value: number;
  rateBp: number;
  /** value − the GST. */
  taxable: number;
  cgst: number;
  /** SGST, or UTGST in a union territory without a legislature. */
  sgst: number;
  igst: number;
}

/**
 * The GST inside a value (paise, tax included) at a rate (basis points), and its split. The rule, per line and
 * to the paisa: GST = value × rate ÷ (100 % + rate), rounded half up; the taxable value is what is left, so the
 * two add up to what the shopper paid exactly. Inside the state, CGST takes the odd paisa and SGST the rest;
 * otherwise the whole is IGST. The GST of a line is thus the same wherever it goes.
 */
export function gstOf(value: number, rateBp: number, intraState: boolean): LineTax {
  const gst = roundDiv(value * rateBp, 10_000 + rateBp);
  const cgst = intraState ? Math.ceil(gst / 2) : 0;
  return { value, rateBp, taxable: value - gst, cgst, sgst: intraState ? gst - cgst : 0, igst: intraState ? 0 : gst };
}

/** The sum of lines' taxes. */
export function sumTax(lines: readonly Omit<LineTax, 'rateBp'>[]): Omit<LineTax, 'rateBp'> {
  const sum = { value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const l of lines) {
    sum.value += l.value;
    sum.taxable += l.taxable;
    sum.cgst += l.cgst;
    sum.sgst += l.sgst;
    sum.igst += l.igst;
  }
  return sum;
}

/** The GST of a whole sale: each line's, and the shipping's (a composite supply: at the highest rate of its goods). */
export function taxSale(
  lines: readonly { quantity: number; price: number; gstRate: number }[],
  opts: { discountPaises: readonly number[]; shipping: number; intraState: boolean },
) {
  const taxed = lines.map((l, i) =>
    gstOf(l.quantity * l.price * 100 - (opts.discountPaises[i] ?? 0), basisPoints(l.gstRate), opts.intraState),
  );
  const shippingRate = Math.max(0, ...taxed.map((l) => l.rateBp));
  const shipping = gstOf(opts.shipping * 100, shippingRate, opts.intraState);
  return { lines: taxed, shipping, total: sumTax([...taxed, shipping]) };
}

/** India's financial year (1 April to 31 March, India's time) of a moment, as invoices name it: "26-27". */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** The series of tax invoices and of credit notes: each numbered on its own, from 1 each financial year. */
export type DocumentSeries = 'INV' | 'CN';

/**
 * A document's number: its series, its financial year and its serial, at most 16 characters of letters, digits,
 * '/' and '-' (CGST Rules, rule 46(b)): INV/26-27/000001; past 999,999 in a year, INV/2627/1000000.
 */
export function documentNumber(series: DocumentSeries, year: string, serial: number): string {
  const usual = `${series}/${year}/${String(serial).padStart(6, '0')}`;
  if (usual.length <= 16) return usual;
  const long = `${series}/${year.replace('-', '')}/${serial}`;
  if (long.length <= 16) return long;
  throw new Error(`${series} serial ${serial} of ${year} does not fit in 16 characters`);
}
