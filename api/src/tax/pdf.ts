import type { TaxDocumentLineRecord, TaxDocumentRecord } from '@digitic/rest-contract';
import type PDFKit from 'pdfkit';
import { invoiceFaces } from './pdf-fonts.js';

// A tax invoice or credit note as a PDF (A4), with everything CGST Rules rule 46 (invoices) and rule 53 (credit
// notes) ask of it. Made with pdfkit and the DejaVu Sans font (it has the rupee sign; PDF's built-in fonts have
// not), read and parsed once a thread with the first document and kept without their layout tables (pdf-fonts.ts). Amounts are written as
// India writes them (₹1,52,542.37).

let loaded: Promise<typeof PDFKit> | null = null;
const pdfkit = () => (loaded ??= import('pdfkit').then((m) => m.default));

/** Whole rupees grouped as India does: 12,34,567. */
function groupIndian(rupees: number): string {
  const digits = String(rupees);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
}

/** Paise as rupees: ₹1,52,542.37 (a negative with its sign first). */
export function rupees(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}₹${groupIndian(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in basis points as a percentage: 1800 → 18%, 25 → 0.25%. */
const percent = (bp: number) => `${bp / 100}%`;

/** The day a document was issued, in India: 27-11-2026. */
function indianDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (l: TaxDocumentLineRecord, i: number) => string;
}

function columns(doc: TaxDocumentRecord): Column[] {
  const split = doc.intraState;
  const half = (bp: number) => percent(bp / 2);
  return [
    { title: '#', width: 16, align: 'left', cell: (_l, i) => String(i + 1) },
    {
      title: 'Description',
      width: split ? 138 : 158,
      align: 'left',
      cell: (l) => (l.discount > 0 ? `${l.description}\nCoupon: -${rupees(l.discount)}` : l.description),
    },
    { title: 'HSN/SAC', width: 42, align: 'left', cell: (l) => l.code ?? '-' },
    { title: 'Qty', width: 22, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Unit price', width: 56, align: 'right', cell: (l) => rupees(l.unitPrice) },
    { title: 'Taxable value', width: 60, align: 'right', cell: (l) => rupees(l.taxable) },
    ...(split
      ? ([
          { title: `CGST`, width: 58, align: 'right', cell: (l) => `${half(l.rateBp)}\n${rupees(l.cgst)}` },
          { title: doc.stateTaxName, width: 58, align: 'right', cell: (l) => `${half(l.rateBp)}\n${rupees(l.sgst)}` },
        ] satisfies Column[])
      : ([{ title: 'IGST', width: 76, align: 'right', cell: (l) => `${percent(l.rateBp)}\n${rupees(l.igst)}` }] satisfies Column[])),
    { title: 'Total', width: 62, align: 'right', cell: (l) => rupees(l.value) },
  ];
}

/** The document as a PDF's bytes. */
export async function documentPdf(doc: TaxDocumentRecord): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 34,
    info: { Title: `${doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${doc.number}`, Author: doc.seller.legalName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', () => resolve());
    pdf.on('error', reject);
  });
  const [body, bold] = await invoiceFaces();
  // pdfkit takes a parsed font (one with `layout`) as it takes a file's bytes; its types name only the bytes.
  pdf.registerFont('body', body as unknown as Buffer);
  pdf.registerFont('bold', bold as unknown as Buffer);
  const left = 34;
  const width = pdf.page.width - 68;

  if (doc.seller.demo) {
    pdf.rect(left, 30, width, 22).fill('#b00020');
    pdf
      .font('bold')
      .fontSize(9)
      .fillColor('#ffffff')
      .text('DEMO SHOP: the seller’s details are made up. This is not a valid tax invoice.', left, 36, { width, align: 'center' });
    pdf.fillColor('#000000');
    pdf.y = 62;
  }
  pdf
    .font('bold')
    .fontSize(16)
    .text(doc.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', left, pdf.y, { width, align: 'center' });
  pdf.moveDown(0.5);

  const top = pdf.y;
  const half = width / 2 - 8;
  pdf.font('bold').fontSize(9).text(doc.seller.legalName, left, top, { width: half });
  pdf.font('body').fontSize(8.5).text(doc.seller.address, { width: half });
  pdf.text(`GSTIN: ${doc.seller.gstin}`, { width: half });
  pdf.text(`State: ${doc.seller.state} (code ${doc.seller.stateCode})`, { width: half });
  const sellerBottom = pdf.y;

  const right = left + width / 2 + 8;
  const facts: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ['Date', indianDate(doc.issuedAt)],
    ['Order', doc.orderNumber],
    ['Place of supply', `${doc.placeOfSupply.state}${doc.placeOfSupply.code ? ` (code ${doc.placeOfSupply.code})` : ''}`],
    ['Tax payable on reverse charge', 'No'],
    ...(doc.against ? ([['Against invoice', `${doc.against.number} of ${indianDate(doc.against.issuedAt)}`]] as [string, string][]) : []),
  ];
  pdf.y = top;
  for (const [k, v] of facts)
    pdf.font('body').fontSize(8.5).text(`${k}: `, right, pdf.y, { width: half, continued: true }).font('bold').text(v);
  pdf.y = Math.max(sellerBottom, pdf.y) + 10;

  pdf
    .font('bold')
    .fontSize(9)
    .text(doc.kind === 'invoice' ? 'Billed and shipped to' : 'Issued to', left, pdf.y, { width });
  pdf.font('body').fontSize(8.5).text(doc.buyer.name, { width });
  pdf.text(doc.buyer.address, { width });
  pdf.text(`State: ${doc.buyer.state}${doc.buyer.stateCode ? ` (code ${doc.buyer.stateCode})` : ''}`, { width });
  if (doc.buyer.gstin) pdf.text(`GSTIN: ${doc.buyer.gstin}`, { width });
  if (doc.reason) pdf.text(`Reason: ${doc.reason}`, { width });
  pdf.moveDown(0.8);

  // The lines, a row each; a row that would cross the page's foot starts a new page with the headings again.
  const cols = columns(doc);
  const bottom = pdf.page.height - 60;
  const heading = () => {
    const y = pdf.y;
    pdf.font('bold').fontSize(7.5);
    // As tall as its longest title wraps to ("Taxable value" takes two lines).
    const tall = Math.max(...cols.map((c) => pdf.heightOfString(c.title, { width: c.width - 4 }))) + 6;
    pdf
      .rect(left, y - 3, width, tall)
      .fill('#eeeeee')
      .fillColor('#000000');
    let x = left;
    for (const c of cols) {
      pdf.text(c.title, x + 2, y, { width: c.width - 4, align: c.align });
      x += c.width;
    }
    pdf.y = y + tall;
  };
  heading();
  doc.lines.forEach((line, i) => {
    pdf.font('body').fontSize(7.5);
    const cells = cols.map((c) => c.cell(line, i));
    const height = Math.max(...cols.map((c, k) => pdf.heightOfString(cells[k] ?? '', { width: c.width - 4 }))) + 6;
    if (pdf.y + height > bottom) {
      pdf.addPage();
      heading();
    }
    const y = pdf.y;
    let x = left;
    cols.forEach((c, k) => {
      pdf.text(cells[k] ?? '', x + 2, y, { width: c.width - 4, align: c.align });
      x += c.width;
    });
    pdf
      .moveTo(left, y + height - 2)
      .lineTo(left + width, y + height - 2)
      .strokeColor('#cccccc')
      .stroke();
    pdf.y = y + height;
  });

  // The totals, and what the document comes to.
  const t = doc.totals;
  const totals: [string, string][] = [
    ['Taxable value', rupees(t.taxable)],
    ...(doc.intraState
      ? ([
          ['CGST', rupees(t.cgst)],
          [doc.stateTaxName, rupees(t.sgst)],
        ] as [string, string][])
      : ([['IGST', rupees(t.igst)]] as [string, string][])),
    [doc.kind === 'invoice' ? 'Invoice total' : 'Credit note total', rupees(t.value)],
  ];
  if (pdf.y + totals.length * 14 + 60 > bottom) pdf.addPage();
  pdf.moveDown(0.5);
  for (const [k, v] of totals) {
    const y = pdf.y;
    pdf.font(k.endsWith('total') ? 'bold' : 'body').fontSize(9);
    pdf.text(k, left + width - 240, y, { width: 140, align: 'right' });
    pdf.text(v, left + width - 100, y, { width: 100, align: 'right' });
    pdf.y = y + 14;
  }
  pdf.moveDown(1);
  pdf
    .font('body')
    .fontSize(8)
    .text('Prices include GST. Amounts in Indian rupees.', left, pdf.y, { width })
    .text(`For ${doc.seller.legalName}: authorised signatory (issued electronically).`, { width });
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
