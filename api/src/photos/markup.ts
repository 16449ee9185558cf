import { inflateSync } from 'node:zlib';

// Markup in an uploaded photo: a file that is a photo and also a document a browser would run (a polyglot).
// Nothing of the uploaded bytes is ever served (process.ts remakes every photo from its pixels), so this is a
// second line, and it is as wide as it can be without refusing real photos. Two rules:
//
// 1. Anywhere in the file: markup that runs or loads something. An element that does it by being there
//    (script, svg, math, iframe, frame, frameset, object, embed, applet, base, meta, link, style, portal,
//    html, or <!doctype html), or an event handler on any tag (<img src=x onerror=…>, <body onload=…>,
//    <x/onfocus=…>): an on…= attribute of a tag, the tag read as a browser's HTML tokenizer reads one (an
//    on…= after the tag's > is text to the browser, and in compressed pixels it turns up by chance).
// 2. Where a photo holds text, or should hold nothing: any HTML tag (<b>, <a href=…>, <img src=…>, a closing
//    one) or a doctype. That is the bytes after the image's end (JPEG after its EOI and any further
//    images a camera appends, PNG after IEND, WebP after its RIFF size), comments and text metadata (JPEG
//    COM, XMP, EXIF's text fields; PNG tEXt, zTXt and iTXt, inflated; WebP XMP and EXIF). XMP's own tags are
//    namespaced (<x:xmpmeta>, <rdf:RDF>) and are not HTML: they pass.
//
// Both read the bytes as Latin-1 (so ASCII and UTF-8 markup), and again with every NUL byte taken out, which
// turns UTF-16 text of either byte order, at either alignment, into the same ASCII (<\0s\0v\0g\0 is <svg).
//
// Rule 2 is not used on the rest (compressed pixels, colour profiles, EXIF's binary fields): there a short
// tag such as <a> or <b > turns up by chance every few tens of kilobytes, and nearly every real photo would be
// refused (docs/back-office.md, "Photos", has the measurement). Rule 1 found nothing in the same photos.

/** Elements that run or load something by being there (as they open), and a document's own start. */
const ACTIVE_ELEMENT =
  /<(script|svg|math|iframe|frameset|frame|object|embed|applet|base|meta|link|style|portal|html)(?=[\s/>])|<!doctype\s+html/gi;
/** Containers that run nothing without an attribute: what would run inside them (a script, a handler, a style) is found itself. */
const INERT_BARE = new Set(['svg', 'math']);
/** Text as markup is written: printable ASCII and the tokenizer's spaces. */
const isText = (c: string) => SPACE.has(c) || (c >= ' ' && c <= '~');
/** A tag as it opens: `<` and a letter, then its name up to a space, a / or a >. */
const TAG_START = /<[a-z][^\t\n\f\r />]*/gi;
/** An event-handler attribute's name (onerror, onload, onfocus, …). */
const HANDLER_NAME = /^on[a-z]{3,30}$/i;
const SPACE = new Set(['\t', '\n', '\f', '\r', ' ']);
/** Any HTML tag (an opening or a closing one, its name not namespaced as XMP's are) or a doctype. */
const ANY_TAG = /<\/?[a-z][a-z0-9-]*[\s/>]|<!doctype/i;

/** Where markup was found, as a person is told it. */
export type MarkupPlace = 'after the image' | 'in its metadata' | 'among its bytes';

export interface FoundMarkup {
  /** 'an SVG drawing' or 'HTML'. */
  what: string;
  where: MarkupPlace;
  /** The tag, as it starts (`<img`, `<svg`), or the handler (`onerror=`): for the message and the log. */
  tag: string;
}

/** The bytes as a browser may read them: Latin-1 (ASCII, UTF-8), and with NULs taken out (UTF-16 either way). */
function views(bytes: Buffer): string[] {
  const latin1 = bytes.toString('latin1');
  if (!bytes.includes(0)) return [latin1];
  const kept = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (const b of bytes) if (b !== 0) kept[n++] = b;
  return [latin1, kept.subarray(0, n).toString('latin1')];
}

/** The next of a quote after a position, remembered, so that many unclosed quotes cost one scan, not one each. */
function quoteFinder(text: string) {
  const last = new Map<string, { from: number; at: number }>();
  return (quote: string, from: number): number => {
    const known = last.get(quote);
    if (known && known.from <= from && (known.at < 0 || from <= known.at)) return known.at;
    const at = text.indexOf(quote, from);
    last.set(quote, { from, at });
    return at;
  };
}

/**
 * The first event handler among the attributes of the tag whose name ends at `at`, read as a browser's HTML
 * tokenizer reads a tag: attributes apart by spaces or a /, each a name (anything but a space, / , > or =),
 * then optionally = and a value, quoted (where a > does not end the tag) or not; the tag ends at a > outside a
 * value. So `<img src="x>"/onerror=…>` and `<x-… tabindex=1 onfocus=…>` are handlers, and an `on…=` in
 * the bytes after a tag has closed is not: it is text, as it is to the browser.
 *
 * Every tag start is read (one inside another's attributes too: the file may be read from anywhere), and
 * `seen` marks where an attribute's name was about to be read: the tokenizer goes on from there alike
 * whichever tag it started in, so a second reading stops there. That keeps the whole file one pass, however
 * many tags it opens.
 */
function handlerInTag(text: string, at: number, seen: Uint8Array, nextQuote: (q: string, from: number) => number): string | null {
  let i = at;
  const skip = (chars: (c: string) => boolean) => {
    while (i < text.length && chars(text[i] as string)) i++;
  };
  for (;;) {
    skip((c) => SPACE.has(c) || c === '/');
    if (i >= text.length || text[i] === '>' || seen[i]) return null;
    seen[i] = 1;
    const nameStart = i;
    i++; // A name's first character may be an =.
    skip((c) => !SPACE.has(c) && c !== '/' && c !== '>' && c !== '=');
    const name = text.slice(nameStart, i);
    skip((c) => SPACE.has(c));
    if (text[i] !== '=') continue;
    if (HANDLER_NAME.test(name)) return `${name.toLowerCase()}=`;
    i++;
    skip((c) => SPACE.has(c));
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = nextQuote(quote, i + 1);
      if (close < 0) return null;
      i = close + 1;
    } else skip((c) => !SPACE.has(c) && c !== '>');
  }
}

/**
 * Whether the tag whose name ends at `at` is written as markup is: up to its `>`, attribute names of text (a
 * value, quoted or not, may hold any byte, as the tokenizer takes it), and at least one attribute when `bare`
 * will not do. An element's name turns up by chance in compressed pixels (`<svg` and a space, a / or a > about
 * once in 10 GB of random bytes, read both ways); followed by text to a `>`, about 400 times more rarely. A polyglot's
 * markup is text. `seen` marks where an attribute's name was about to be read, as in handlerInTag: the answer
 * from there was no (or the first yes had ended the search), so every file is one pass.
 */
function writtenAsText(text: string, at: number, bare: boolean, seen: Uint8Array, nextQuote: (q: string, from: number) => number): boolean {
  let i = at;
  let attributes = 0;
  const skip = (chars: (c: string) => boolean) => {
    while (i < text.length && chars(text[i] as string)) i++;
  };
  for (;;) {
    skip((c) => SPACE.has(c) || c === '/');
    if (i >= text.length) return false;
    if (text[i] === '>') return bare || attributes > 0;
    if (seen[i]) return false;
    seen[i] = 1;
    const nameStart = i;
    i++; // A name's first character may be an =.
    skip((c) => isText(c) && !SPACE.has(c) && c !== '/' && c !== '>' && c !== '=');
    if (!isText(text[nameStart] as string) || (i < text.length && !isText(text[i] as string))) return false;
    attributes++;
    skip((c) => SPACE.has(c));
    if (text[i] !== '=') continue;
    i++;
    skip((c) => SPACE.has(c));
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = nextQuote(quote, i + 1);
      if (close < 0) return false;
      i = close + 1;
    } else skip((c) => !SPACE.has(c) && c !== '>');
  }
}

/** Rule 1 on a text: an active element written as markup, or an event handler on a tag; the tag or handler found. */
function activeIn(text: string): string | null {
  const nextQuote = quoteFinder(text);
  const written = new Uint8Array(text.length + 1);
  for (const element of text.matchAll(ACTIVE_ELEMENT)) {
    const name = element[1]?.toLowerCase();
    if (!name) return element[0].toLowerCase();
    if (writtenAsText(text, element.index + element[0].length, !INERT_BARE.has(name), written, nextQuote)) return `<${name}`;
  }
  const seen = new Uint8Array(text.length + 1);
  for (const tag of text.matchAll(TAG_START)) {
    const handler = handlerInTag(text, tag.index + tag[0].length, seen, nextQuote);
    if (handler) return handler;
  }
  return null;
}

/** Rule 2 on a text: any tag. */
const tagIn = (text: string) => ANY_TAG.exec(text)?.[0].replace(/[\s/>]$/, '') ?? null;

function found(rule: (text: string) => string | null, bytes: Buffer, where: MarkupPlace): FoundMarkup | null {
  for (const text of views(bytes)) {
    const hit = rule(text);
    if (!hit) continue;
    const tag = hit.toLowerCase();
    return { what: tag === '<svg' ? 'an SVG drawing' : 'HTML', where, tag };
  }
  return null;
}

/** Text regions of a photo (rule 2) and where its image ends. */
interface Regions {
  metadata: Buffer[];
  after: Buffer[];
}

/** The most a compressed text chunk may inflate to before it is refused whole (a zip bomb in a comment). */
const TEXT_INFLATE_LIMIT = 4 * 1024 * 1024;

const latin1At = (buf: Buffer, at: number, text: string) => buf.subarray(at, at + text.length).toString('latin1') === text;

/** EXIF's text fields: every ASCII value, the user comment and Windows' XP fields, in IFD0, IFD1, Exif, GPS and Interop. */
function exifText(tiff: Buffer): Buffer[] {
  const out: Buffer[] = [];
  if (tiff.length < 8) return out;
  const little = latin1At(tiff, 0, 'II');
  if (!little && !latin1At(tiff, 0, 'MM')) return out;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
  const SUB_IFDS = new Set([0x8769, 0x8825, 0xa005]);
  const TEXT_TAGS = new Set([0x9286, 0x9c9b, 0x9c9c, 0x9c9d, 0x9c9e, 0x9c9f]);
  const queue = [u32(4)];
  const seen = new Set<number>();
  while (queue.length > 0 && seen.size < 16) {
    const ifd = queue.shift() as number;
    if (seen.has(ifd) || ifd < 8 || ifd + 2 > tiff.length) continue;
    seen.add(ifd);
    const count = Math.min(u16(ifd), 1000);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > tiff.length) break;
      const tag = u16(entry);
      const type = u16(entry + 2);
      const bytes = (SIZES[type] ?? 0) * u32(entry + 4);
      const at = bytes <= 4 ? entry + 8 : u32(entry + 8);
      if (SUB_IFDS.has(tag)) queue.push(u32(entry + 8));
      else if ((type === 2 || TEXT_TAGS.has(tag)) && bytes > 0 && at + bytes <= tiff.length) out.push(tiff.subarray(at, at + bytes));
    }
    const next = ifd + 2 + count * 12;
    if (next + 4 <= tiff.length) queue.push(u32(next));
  }
  return out;
}

const XMP_IDS = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'];

/**
 * A JPEG's segments from its start of image to its end of image: comments, XMP and EXIF's text fields to
 * `metadata`; answers where the image ends, or -1 when its structure cannot be followed.
 */
function jpeg(buf: Buffer, start: number, regions: Regions): number {
  let pos = start + 2;
  while (pos + 1 < buf.length) {
    if (buf[pos] !== 0xff) return -1;
    while (buf[pos + 1] === 0xff && pos + 2 < buf.length) pos++;
    const marker = buf[pos + 1] as number;
    pos += 2;
    if (marker === 0xd9) return pos;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd8 || pos + 2 > buf.length) return -1;
    const length = buf.readUInt16BE(pos);
    if (length < 2 || pos + length > buf.length) return -1;
    const payload = buf.subarray(pos + 2, pos + length);
    pos += length;
    if (marker === 0xfe) regions.metadata.push(payload);
    else if (marker === 0xe1 && XMP_IDS.some((id) => latin1At(payload, 0, id))) regions.metadata.push(payload);
    else if (marker === 0xe1 && latin1At(payload, 0, 'Exif\0')) regions.metadata.push(...exifText(payload.subarray(6)));
    if (marker === 0xda) {
      // The compressed scan runs to the next marker: 0xFF then a byte that is not 0 (a stuffed 0xFF) nor a restart.
      while (pos + 1 < buf.length) {
        const next = buf[pos + 1] as number;
        if (buf[pos] === 0xff && next !== 0 && next !== 0xff && (next < 0xd0 || next > 0xd7)) break;
        pos++;
      }
    }
  }
  return -1;
}

function jpegRegions(buf: Buffer): Regions {
  const regions: Regions = { metadata: [], after: [] };
  let end = jpeg(buf, 0, regions);
  // Further images a camera puts after the first (MPF: a depth map, a preview), each read as the first.
  while (end > 0 && end + 3 <= buf.length && buf[end] === 0xff && buf[end + 1] === 0xd8 && buf[end + 2] === 0xff) {
    end = jpeg(buf, end, regions);
  }
  if (end > 0 && end < buf.length) regions.after.push(buf.subarray(end));
  return regions;
}

/** A compressed text of a PNG chunk, inflated (at most TEXT_INFLATE_LIMIT); its bytes as they are when it will not inflate. */
function inflated(data: Buffer): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: TEXT_INFLATE_LIMIT });
  } catch {
    return data;
  }
}

function pngRegions(buf: Buffer): Regions {
  const regions: Regions = { metadata: [], after: [] };
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.subarray(pos + 4, pos + 8).toString('latin1');
    if (pos + 12 + length > buf.length) return regions;
    const data = buf.subarray(pos + 8, pos + 8 + length);
    pos += 12 + length;
    const keyword = data.indexOf(0);
    if (type === 'tEXt') regions.metadata.push(data);
    else if (type === 'zTXt' && keyword >= 0) regions.metadata.push(data.subarray(0, keyword), inflated(data.subarray(keyword + 2)));
    else if (type === 'iTXt' && keyword >= 0) {
      const compressed = data[keyword + 1] === 1;
      const language = data.indexOf(0, keyword + 3);
      const translated = language >= 0 ? data.indexOf(0, language + 1) : -1;
      const text = translated >= 0 ? data.subarray(translated + 1) : data.subarray(keyword + 3);
      regions.metadata.push(data.subarray(0, translated >= 0 ? translated : keyword), compressed ? inflated(text) : text);
    } else if (type === 'eXIf') regions.metadata.push(...exifText(data));
    else if (type === 'IEND') {
      if (pos < buf.length) regions.after.push(buf.subarray(pos));
      return regions;
    }
  }
  return regions;
}

function webpRegions(buf: Buffer): Regions {
  const regions: Regions = { metadata: [], after: [] };
  const end = Math.min(buf.length, 8 + buf.readUInt32LE(4));
  let pos = 12;
  while (pos + 8 <= end) {
    const type = buf.subarray(pos, pos + 4).toString('latin1');
    const length = buf.readUInt32LE(pos + 4);
    const data = buf.subarray(pos + 8, Math.min(end, pos + 8 + length));
    pos += 8 + length + (length % 2);
    if (type === 'XMP ') regions.metadata.push(data);
    else if (type === 'EXIF') regions.metadata.push(...exifText(latin1At(data, 0, 'Exif\0') ? data.subarray(6) : data));
  }
  if (end < buf.length) regions.after.push(buf.subarray(end));
  return regions;
}

/** Markup in a photo by the two rules above, or null. `format` is what its signature says it is. */
export function findMarkup(buf: Buffer, format: 'jpeg' | 'png' | 'webp'): FoundMarkup | null {
  const regions = format === 'jpeg' ? jpegRegions(buf) : format === 'png' ? pngRegions(buf) : webpRegions(buf);
  for (const part of regions.after) {
    const hit = found((t) => activeIn(t) ?? tagIn(t), part, 'after the image');
    if (hit) return hit;
  }
  for (const part of regions.metadata) {
    const hit = found((t) => activeIn(t) ?? tagIn(t), part, 'in its metadata');
    if (hit) return hit;
  }
  return found(activeIn, buf, 'among its bytes');
}

/** The two rules on any bytes, for measuring them on genuine photos (what each would refuse). */
export const markupRules = {
  active: (bytes: Buffer) => views(bytes).map(activeIn).find(Boolean) ?? null,
  anyTag: (bytes: Buffer) => views(bytes).map(tagIn).find(Boolean) ?? null,
};
