import type SharpFn from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { badRequest } from '../domain/errors.js';
import { findMarkup } from './markup.js';

// An uploaded photo, checked and remade. Its type is read from its bytes, never its name; its size and
// its pixels are limited before it is decoded (a small file may claim a huge image: a decompression bomb);
// it is then decoded once, turned upright by its EXIF orientation, and written anew at each width the
// storefront asks for, in AVIF, WebP and JPEG (the fallback). Nothing of the uploaded bytes is ever served:
// no EXIF (place, camera, owner), no colour profile but sRGB, nothing hidden after the image's end.

/** The widths made of a photo (never wider than it is): a card, a phone, the product page, a zoom. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
export const PHOTO_FORMATS = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type PhotoFormat = keyof typeof PHOTO_FORMATS;

export interface PhotoLimits {
  /** The largest upload, bytes (PHOTO_MAX_MB). */
  maxBytes: number;
  /** The most pixels, width × height (PHOTO_MAX_MEGAPIXELS). */
  maxPixels: number;
  /** The longest side, pixels. */
  maxSide: number;
  /** The shortest side, pixels: smaller is not a product photo. */
  minSide: number;
}

// sharp (libvips) is loaded with the first photo, not with the api: a shop that serves pages but takes no
// upload keeps the memory. Its cache keeps decoded images for reuse; a shop never decodes one upload twice.
let loaded: Promise<typeof SharpFn> | null = null;
const loadSharp = async () => {
  loaded ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  });
  return loaded;
};

/** The most memory one photo's decoding may take (an interlaced PNG or a 16-bit one is decoded whole). */
const DECODE_BUDGET_BYTES = 400 * 1024 * 1024;

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 10_000, minSide: 100 };

export interface PhotoVariant {
  width: number;
  height: number;
  format: PhotoFormat;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The photo upright, as uploaded (before any resize). */
  width: number;
  height: number;
  source: 'jpeg' | 'png' | 'webp';
  /** The widths made, smallest first. */
  widths: number[];
  variants: PhotoVariant[];
}

const starts = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Buffer, text: string, at = 0) => buf.subarray(at, at + text.length).toString('latin1') === text;

/** What the bytes are, by their signature: one of the three photo types, or a name for what they look like instead. */
export function sniff(buf: Buffer): { photo: ProcessedPhoto['source'] } | { other: string | null } {
  if (starts(buf, [0xff, 0xd8, 0xff])) return { photo: 'jpeg' };
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { photo: 'png' };
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return { photo: 'webp' };
  if (starts(buf, [0x7f, 0x45, 0x4c, 0x46])) return { other: 'a Linux program' };
  if (ascii(buf, 'MZ')) return { other: 'a Windows program' };
  if (starts(buf, [0xcf, 0xfa, 0xed, 0xfe]) || starts(buf, [0xca, 0xfe, 0xba, 0xbe])) return { other: 'a macOS program' };
  if (ascii(buf, '#!')) return { other: 'a script' };
  if (ascii(buf, '%PDF')) return { other: 'a PDF' };
  if (ascii(buf, 'PK')) return { other: 'a ZIP archive' };
  if (ascii(buf, 'GIF8')) return { other: 'a GIF' };
  const head = buf.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (head.includes('<svg')) return { other: 'an SVG drawing' };
  if (head.startsWith('<')) return { other: 'an HTML or XML document' };
  if (ascii(buf, 'ftyp', 4)) return { other: 'a HEIC/AVIF or video file' };
  return { other: null };
}

const megapixels = (n: number) => `${Math.round(n / 1_000_000)} megapixels`;

/** Checks an upload and makes its widths and formats; refuses, saying why, anything that is not a sound JPEG, PNG or WebP within the limits. */
export async function processPhoto(buf: Buffer, limits: PhotoLimits = DEFAULT_PHOTO_LIMITS): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  if (buf.length === 0) throw badRequest('The file is empty', 'file');
  if (buf.length > limits.maxBytes) throw badRequest(`The file is larger than ${limits.maxBytes / 1024 / 1024} MB`, 'file');
  const kind = sniff(buf);
  if ('other' in kind) {
    throw badRequest(
      `The file is not a JPEG, PNG or WebP photo${kind.other ? ` (it is ${kind.other})` : ''}, whatever its name says`,
      'file',
    );
  }
  // A polyglot: a photo that is also a document a browser would run (HTML, SVG), by the two rules of
  // markup.ts. The shop serves only its remade pixels, but a file made to be two things is refused, not trusted.
  const markup = findMarkup(buf, kind.photo);
  if (markup) {
    throw badRequest(
      `The file is not only a photo: it also holds ${markup.what} (${markup.tag}) ${markup.where} (a polyglot). Upload the photo alone.`,
      'file',
    );
  }
  // The header only: the image's claimed size, before a pixel is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('The photo could not be read: the file is damaged or incomplete', 'file');
  }
  if (meta.format !== kind.photo || !meta.width || !meta.height) {
    throw badRequest('The photo could not be read: the file is damaged or incomplete', 'file');
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (width * height > limits.maxPixels || Math.max(width, height) > limits.maxSide) {
    throw badRequest(
      `The photo is ${width.toLocaleString('en-IN')} × ${height.toLocaleString('en-IN')} pixels: at most ${megapixels(limits.maxPixels)} and ${limits.maxSide.toLocaleString('en-IN')} pixels on a side`,
      'file',
    );
  }
  if (Math.min(width, height) < limits.minSide) {
    throw badRequest(`The photo is ${width} × ${height} pixels: at least ${limits.minSide} on each side`, 'file');
  }
  if ((meta.pages ?? 1) > 1) throw badRequest('The photo is animated: upload a still image', 'file');
  // What decoding it takes: every pixel, every channel, 1 or 2 bytes a sample, twice over while it is turned and resized.
  const sampleBytes = meta.depth === 'ushort' ? 2 : 1;
  const decodeBytes = width * height * (meta.channels ?? 3) * sampleBytes * 2;
  if (decodeBytes > DECODE_BUDGET_BYTES) {
    throw badRequest(
      `The photo needs about ${Math.round(decodeBytes / 1024 / 1024)} MB to open (${sampleBytes * 8}-bit, ${meta.channels ?? 3} channels): save it smaller or as an 8-bit JPEG`,
      'file',
    );
  }

  const largest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] as number);
  const widths = [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once (the pixel limit again, in case the header lied), upright, in sRGB, at the largest width made.
    decoded = await sharp(buf, { limitInputPixels: limits.maxPixels, failOn: 'error' })
      .rotate()
      .toColourspace('srgb')
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest('The photo could not be read: the file is damaged or incomplete', 'file');
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const variants: PhotoVariant[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((info.height * w) / info.width));
    const sized = () => sharp(data, raw).resize({ width: w, height: h, fit: 'fill' });
    const outputs: [PhotoFormat, Sharp][] = [
      ['avif', sized().avif({ quality: 50, effort: 2 })],
      ['webp', sized().webp({ quality: 75 })],
      // The fallback has no transparency: a PNG's is laid on white.
      ['jpg', sized().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true })],
    ];
    for (const [format, pipeline] of outputs) {
      variants.push({ width: w, height: h, format, contentType: PHOTO_FORMATS[format], bytes: await pipeline.toBuffer() });
    }
  }
  return { width, height, source: kind.photo, widths, variants };
}
