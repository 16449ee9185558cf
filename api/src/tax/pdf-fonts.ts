import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

// The invoice's fonts (DejaVu Sans, regular and bold: they have the rupee sign), read once a process. pdfkit parses
// a font again for every document, and most of that cost is the OpenType layout tables (GSUB, GPOS: ligatures,
// kerning by feature), decoded whenever a line is measured: 28 ms of a 29 ms document. A tax document needs none of
// them (its words are set plain, each glyph as the character's own), nor the legacy kerning, nor the PostScript
// glyph names, so the fonts are kept without them (28.6 → 8.7 ms a document); every glyph, its metrics and the
// character map stay, so whatever a name or an address is written in draws as it did. And the fonts are parsed once
// a thread, not once a document (invoiceFaces): pdfkit takes a parsed font as it takes a file, and each document
// still embeds only the glyphs it uses.

const require = createRequire(import.meta.url);
const FILES = [require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')];

/** The tables a plain setting of text does without. */
const LAYOUT_TABLES = new Set(['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'kern']);

/** A table's checksum as the sfnt directory keeps it: its 32-bit words summed (the table padded to 4 bytes). */
function tableChecksum(table: Buffer): number {
  let sum = 0;
  for (let at = 0; at < table.length; at += 4) sum = (sum + table.readUInt32BE(at)) >>> 0;
  return sum;
}

/**
 * A TrueType/OpenType font (sfnt) without its layout tables: the table directory written again with the others, each
 * table's bytes as they were (4-byte aligned). A file that is not an sfnt is refused by name.
 */
export function withoutLayoutTables(font: Buffer): Buffer {
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x4f54544f) throw new Error('The invoice font is not a TrueType or OpenType font');
  const count = font.readUInt16BE(4);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 12 + i * 16;
    return {
      tag: font.toString('latin1', at, at + 4),
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    };
  }).filter((t) => !LAYOUT_TABLES.has(t.tag));
  const n = tables.length;
  const power = 2 ** Math.floor(Math.log2(n));
  const header = Buffer.alloc(12 + n * 16);
  header.writeUInt32BE(version, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(n * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.write(t.tag, at, 4, 'latin1');
    header.writeUInt32BE(offset, at + 8);
    // The glyph names (post, version 2) are for PostScript printers: version 3 keeps the header and names none.
    const length = t.tag === 'post' ? 32 : t.length;
    const padded = Buffer.alloc((length + 3) & ~3);
    font.copy(padded, 0, t.offset, t.offset + length);
    if (t.tag === 'post') padded.writeUInt32BE(0x00030000, 0);
    header.writeUInt32BE(tableChecksum(padded), at + 4);
    header.writeUInt32BE(length, at + 12);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

let files: Promise<[Buffer, Buffer]> | null = null;

/** The regular and the bold font, read and pared once a process (with the first document: an api that issues none keeps the memory). */
export const invoiceFonts = () =>
  (files ??= Promise.all(FILES.map((f) => readFile(f))).then(
    ([regular, bold]) => [withoutLayoutTables(regular as Buffer), withoutLayoutTables(bold as Buffer)] as [Buffer, Buffer],
    (err: unknown) => {
      // Not kept when it failed: the next document reads them again.
      files = null;
      throw err;
    },
  ));

let faces: Promise<[Font, Font]> | null = null;

/** The regular and the bold font parsed, once a thread: what each document's registerFont is given. */
export const invoiceFaces = () =>
  (faces ??= invoiceFonts().then(
    (fonts) =>
      fonts.map((bytes) => {
        const font = create(bytes);
        if (!('layout' in font)) throw new Error('The invoice font is a collection, not one font');
        return font;
      }) as [Font, Font],
    (err: unknown) => {
      faces = null;
      throw err;
    },
  ));
