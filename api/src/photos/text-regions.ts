import { inflateSync } from 'node:zlib';

// Where a photo holds text, or should hold nothing (markup.ts's rule 2 reads these): its comments and text metadata
// (JPEG COM, XMP and EXIF's text fields; PNG tEXt, zTXt and iTXt, inflated, and eXIf; WebP XMP and EXIF), and the
// bytes after the image's end (JPEG after its EOI and any further images a camera appends, PNG after IEND, WebP
// after its RIFF size). Read as each format lays its file out, never trusting a length past the file's end.

/** A photo's text and what follows its image. */
export interface Regions {
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

/** The text regions of a photo of the format its signature says. */
export function textRegions(buf: Buffer, format: 'jpeg' | 'png' | 'webp'): Regions {
  return format === 'jpeg' ? jpegRegions(buf) : format === 'png' ? pngRegions(buf) : webpRegions(buf);
}
