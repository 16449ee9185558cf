import { textRegions } from './text-regions.js';

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

/** One attribute of a tag as it is read: its name, and whether an = (a value) follows it. */
interface Attribute {
  name: string;
  valued: boolean;
}

/**
 * The attributes of the tag whose name ends at `at`, read as a browser's HTML tokenizer reads a tag: attributes
 * apart by spaces or a /, each a name (anything but a space, / , > or =), then optionally = and a value, quoted
 * (where a > does not end the tag) or not; the tag ends at a > outside a value. Returns "closed" when it reached
 * that >, "cut" when the text ended first (or a quote never closed), or where reading had been before.
 *
 * Every tag start is read (one inside another's attributes too: the file may be read from anywhere), and `seen`
 * marks where an attribute's name was about to be read: the tokenizer goes on from there alike whichever tag it
 * started in, so a second reading stops there ("cut"; the answer from there was given). That keeps the whole file
 * one pass, however many tags it opens.
 */
function* attributesOf(
  text: string,
  at: number,
  seen: Uint8Array,
  nextQuote: (q: string, from: number) => number,
): Generator<Attribute, 'closed' | 'cut'> {
  let i = at;
  const skip = (chars: (c: string) => boolean) => {
    while (i < text.length && chars(text[i] as string)) i++;
  };
  for (;;) {
    skip((c) => SPACE.has(c) || c === '/');
    if (i >= text.length) return 'cut';
    if (text[i] === '>') return 'closed';
    if (seen[i]) return 'cut';
    seen[i] = 1;
    const nameStart = i;
    i++; // A name's first character may be an =.
    skip((c) => !SPACE.has(c) && c !== '/' && c !== '>' && c !== '=');
    const name = text.slice(nameStart, i);
    skip((c) => SPACE.has(c));
    const valued = text[i] === '=';
    yield { name, valued };
    if (!valued) continue;
    i++;
    skip((c) => SPACE.has(c));
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = nextQuote(quote, i + 1);
      if (close < 0) return 'cut';
      i = close + 1;
    } else skip((c) => !SPACE.has(c) && c !== '>');
  }
}

/**
 * The first event handler among the attributes of the tag whose name ends at `at`. So `<img src="x>"/onerror=…>`
 * and `<x-… tabindex=1 onfocus=…>` are handlers, and an `on…=` in the bytes after a tag has closed is not: it is
 * text, as it is to the browser.
 */
function handlerInTag(text: string, at: number, seen: Uint8Array, nextQuote: (q: string, from: number) => number): string | null {
  for (const attribute of attributesOf(text, at, seen, nextQuote)) {
    if (attribute.valued && HANDLER_NAME.test(attribute.name)) return `${attribute.name.toLowerCase()}=`;
  }
  return null;
}

/**
 * Whether the tag whose name ends at `at` is written as markup is: up to its `>`, attribute names of text (a
 * value, quoted or not, may hold any byte, as the tokenizer takes it), and at least one attribute when `bare`
 * will not do. An element's name turns up by chance in compressed pixels (`<svg` and a space, a / or a > about
 * once in 10 GB of random bytes, read both ways); followed by text to a `>`, about 400 times more rarely. A polyglot's
 * markup is text.
 */
function writtenAsText(text: string, at: number, bare: boolean, seen: Uint8Array, nextQuote: (q: string, from: number) => number): boolean {
  const tag = attributesOf(text, at, seen, nextQuote);
  let attributes = 0;
  for (;;) {
    const read = tag.next();
    if (read.done) return read.value === 'closed' && (bare || attributes > 0);
    for (const c of read.value.name) if (!isText(c)) return false;
    attributes++;
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

/** Markup in a photo by the two rules above, or null. `format` is what its signature says it is. */
export function findMarkup(buf: Buffer, format: 'jpeg' | 'png' | 'webp'): FoundMarkup | null {
  const regions = textRegions(buf, format);
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
