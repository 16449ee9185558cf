import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { threadId } from 'node:worker_threads';
import type { TaxDocumentRecord } from '@digitic/rest-contract';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { invoiceFaces, invoiceFonts, withoutLayoutTables } from './pdf-fonts.js';
import { documentPdf } from './pdf.js';
import { drawingThreadId, drawOffThread, stopDrawingThread } from './pdf-thread.js';

const require = createRequire(import.meta.url);

/** A font's tables as its directory lists them: tag → [offset, length]. */
function tablesOf(font: Buffer): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + i * 16;
    out.set(font.toString('latin1', at, at + 4), [font.readUInt32BE(at + 8), font.readUInt32BE(at + 12)]);
  }
  return out;
}

/** A tax invoice as the api issues one, with words outside plain ASCII. */
function sampleDocument(): TaxDocumentRecord {
  const line = {
    itemId: 'i',
    description: 'Sony WH-1000XM5 “Wireless” Headphones – Black',
    code: '8518',
    quantity: 1,
    unitPrice: 2999000,
  };
  return {
    _id: 'd',
    kind: 'invoice',
    number: 'INV/26-27/000042',
    financialYear: '26-27',
    issuedAt: '2026-12-03T05:00:00.000Z',
    orderId: 'o',
    orderNumber: 'ABCD1234',
    against: null,
    reason: null,
    seller: {
      legalName: 'Digitic Retail Pvt Ltd',
      address: '1 Ring Road, Surat 395003',
      state: 'Gujarat',
      stateCode: '24',
      gstin: '24AAACD1234F1ZD',
      demo: false,
    },
    buyer: { name: 'Zoë Fernandes', address: '12 MG Road, Surat 395003', state: 'Gujarat', stateCode: '24', gstin: null },
    placeOfSupply: { state: 'Gujarat', code: '24' },
    intraState: true,
    stateTaxName: 'SGST',
    lines: [{ ...line, discount: 0, rateBp: 1800, taxable: 2541525, cgst: 228737, sgst: 228738, igst: 0, value: 2999000 }],
    totals: { taxable: 2541525, cgst: 228737, sgst: 228738, igst: 0, value: 2999000 },
  };
}

describe('the invoice’s fonts', () => {
  it('keep every glyph and the character map, without the layout tables, the legacy kerning and the glyph names', async () => {
    const original = await readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    const [regular, bold] = await invoiceFonts();
    const before = tablesOf(original);
    const after = tablesOf(regular);
    expect([...before.keys()]).toEqual(expect.arrayContaining(['GSUB', 'GPOS', 'GDEF', 'kern']));
    for (const gone of ['GSUB', 'GPOS', 'GDEF', 'kern']) expect(after.has(gone), gone).toBe(false);
    for (const kept of ['glyf', 'loca', 'cmap', 'hmtx', 'head', 'hhea', 'maxp', 'name', 'OS/2']) {
      const [from, length] = before.get(kept) as [number, number];
      const [to, keptLength] = after.get(kept) as [number, number];
      expect(keptLength, kept).toBe(length);
      expect(regular.subarray(to, to + length).equals(original.subarray(from, from + length)), kept).toBe(true);
      expect(to % 4, `${kept} is 4-byte aligned`).toBe(0);
    }
    const [post] = after.get('post') as [number, number];
    expect(regular.readUInt32BE(post)).toBe(0x00030000);
    expect(regular.length).toBeLessThan(original.length * 0.9);
    expect(tablesOf(bold).has('GPOS')).toBe(false);
    expect(() => withoutLayoutTables(Buffer.from('%PDF-1.7 not a font'))).toThrow('The invoice font is not a TrueType or OpenType font');
  });

  it('draw a document whose words, rupee sign and Indian grouping read back as written', async () => {
    const pdf = await documentPdf(sampleDocument());
    // The words read back as written: every glyph and its width are the font's own.
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.replace(/\s+/g, ' ');
    for (const said of [
      'TAX INVOICE',
      'INV/26-27/000042',
      'Zoë Fernandes',
      'Sony WH-1000XM5 “Wireless” Headphones – Black',
      '₹29,990.00',
    ]) {
      expect(text, said).toContain(said);
    }
  });

  it('are parsed once a thread, and each document still embeds only the glyphs it uses', async () => {
    const [regular, bold] = await invoiceFaces();
    const [again] = await invoiceFaces();
    expect(again).toBe(regular);
    expect(bold).not.toBe(regular);
    const plain = sampleDocument();
    const first = await documentPdf(plain);
    // Another document with many other glyphs in between: the next plain one is no bigger, so no glyph carried over.
    const wide = sampleDocument();
    wide.buyer.name = 'ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĳĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒœ';
    const between = await documentPdf(wide);
    expect(between.length).toBeGreaterThan(first.length + 2000);
    const second = await documentPdf(plain);
    expect(second.length).toBe(first.length);
  });
});

describe('the drawing thread', () => {
  it('draws a document off the request thread, the same as drawn here, one thread for all, and ends when told', async () => {
    const doc = sampleDocument();
    const [here, there, again] = await Promise.all([
      documentPdf(doc),
      drawOffThread(doc),
      drawOffThread({ ...doc, number: 'INV/26-27/000043' }),
    ]);
    const id = drawingThreadId();
    expect(id).toBeGreaterThan(0);
    expect(id).not.toBe(threadId);
    const words = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    expect(await words(there)).toBe(await words(here));
    expect(await words(again)).toContain('INV/26-27/000043');
    // Its streams are deflated with an 8 KiB window (the zlib header's first byte 0x58), the request thread's with
    // zlib's default 32 KiB (0x78): the thread's own setting (pdf-thread-worker.ts), not the process's.
    const windows = (pdf: Buffer) => new Set([...pdf.toString('latin1').matchAll(/(?<!end)stream\n(.)/g)].map((m) => m[1]?.charCodeAt(0)));
    expect(windows(there)).toEqual(new Set([0x58]));
    expect(windows(here)).toEqual(new Set([0x78]));
    await drawOffThread(doc);
    expect(drawingThreadId()).toBe(id);
    await stopDrawingThread();
    expect(drawingThreadId()).toBeNull();
    // The next document starts it again.
    expect((await drawOffThread(doc)).subarray(0, 5).toString()).toBe('%PDF-');
    await stopDrawingThread();
  });
});
