import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findMarkup, markupRules } from './markup.js';

// A photo that is also HTML or SVG, in the places a format leaves free and in any encoding, is refused; genuine
// photos (noise over shapes, as a camera's compress; with EXIF, XMP and a colour profile) pass.

/** A photograph-like image: noise over shapes, so it compresses as a photo does. */
async function photo(width: number, height: number) {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  const { data, info } = await sharp(noise)
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#2266aa" opacity="0.6"/></svg>`,
        ),
      },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

const GENUINE_XMP = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Adobe XMP Core 7.0">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Lightroom">
   <dc:creator><rdf:Seq><rdf:li>Jane Photographer</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">A kettle on a table &lt;new&gt;</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;

const utf16le = (s: string) => Buffer.from(s, 'utf16le');
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

/** A JPEG with a segment (COM: 0xFE, APPn: 0xE0 + n) put right after its start of image. */
function withSegment(jpeg: Buffer, marker: number, payload: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)]);
}

/** A PNG with a chunk put before its IEND. */
function withChunk(png: Buffer, type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), len, body, crc, png.subarray(iend)]);
}

describe('markup in a photo', () => {
  it('refuses HTML and SVG where a photo has free bytes, in several spellings and encodings', async () => {
    const jpeg = await (await photo(400, 300)).jpeg({ quality: 85 }).toBuffer();
    const png = await (await photo(400, 300)).png().toBuffer();
    const cases: [string, Buffer, 'jpeg' | 'png' | 'webp', string, string][] = [
      [
        '<img onerror> after the JPEG’s end',
        Buffer.concat([jpeg, Buffer.from('<img src=x onerror=alert(1)>')]),
        'jpeg',
        'onerror=',
        'after the image',
      ],
      [
        '<SVG> in upper case after the JPEG’s end',
        Buffer.concat([jpeg, Buffer.from('<SVG ONLOAD=alert(1)>')]),
        'jpeg',
        '<svg',
        'after the image',
      ],
      [
        'a harmless-looking <b> after the JPEG’s end',
        Buffer.concat([jpeg, Buffer.from('Hi <b>there</b>')]),
        'jpeg',
        '<b',
        'after the image',
      ],
      [
        '<script> in a JPEG comment',
        withSegment(jpeg, 0xfe, Buffer.from('<script>alert(1)</script>')),
        'jpeg',
        '<script',
        'in its metadata',
      ],
      [
        '<a href> in a JPEG comment',
        withSegment(jpeg, 0xfe, Buffer.from('see <a href=//x.example>this</a>')),
        'jpeg',
        '<a',
        'in its metadata',
      ],
      [
        '<body onload> in a PNG tEXt chunk',
        withChunk(png, 'tEXt', Buffer.from('Comment\0<body onload=alert(1)>')),
        'png',
        'onload=',
        'in its metadata',
      ],
      [
        '<iframe> compressed in a PNG zTXt chunk',
        withChunk(png, 'zTXt', Buffer.concat([Buffer.from('Comment\0\0'), deflateSync('<iframe src=javascript:alert(1)>')])),
        'png',
        '<iframe',
        'in its metadata',
      ],
      ['UTF-16LE <svg> after the PNG’s IEND', Buffer.concat([png, utf16le('<svg onload=alert(1)>')]), 'png', '<svg', 'after the image'],
      [
        'UTF-16BE <svg>, at an odd offset, after the PNG’s IEND',
        Buffer.concat([png, Buffer.from([7]), utf16be('<svg/onload=alert(1)>')]),
        'png',
        '<svg',
        'after the image',
      ],
      [
        '<img/onerror> in a JPEG segment no rule reads as text',
        withSegment(jpeg, 0xe9, Buffer.from('\x01\x02<img/src="x>"/onerror=alert(1)>')),
        'jpeg',
        'onerror=',
        'among its bytes',
      ],
      [
        'a custom element with onfocus, a long name, in UTF-16, in a binary segment',
        withSegment(jpeg, 0xe9, utf16le(`<x-${'a'.repeat(80)} tabindex=1 autofocus onfocus=alert(1)>`)),
        'jpeg',
        'onfocus=',
        'among its bytes',
      ],
    ];
    const webp = await (
      await photo(400, 300)
    )
      .withXmp('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')
      .webp()
      .toBuffer();
    cases.push(['<?xml + <svg in a WebP XMP chunk', webp, 'webp', '<svg', 'in its metadata']);
    const pngXmp = await (await photo(400, 300)).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><p>hi</p></x:xmpmeta>').png().toBuffer();
    cases.push(['<p> in a PNG’s compressed XMP', pngXmp, 'png', '<p', 'in its metadata']);
    const exif = await (
      await photo(400, 300)
    )
      .withExif({ IFD0: { Copyright: 'Jane <i>Photographer</i>' } })
      .jpeg()
      .toBuffer();
    cases.push(['<i> in an EXIF text field', exif, 'jpeg', '<i', 'in its metadata']);
    const seen = cases.map(([name, bytes, format]) => {
      const hit = findMarkup(bytes, format);
      return [name, hit?.tag ?? 'nothing found', hit?.where ?? null];
    });
    expect(seen).toEqual(cases.map(([name, , , tag, where]) => [name, tag, where]));
  });

  it('reads an event handler as the browser does: an attribute of a tag, not an on…= in the bytes after a tag has closed', () => {
    const active = (text: string) => markupRules.active(Buffer.from(text, 'latin1'));
    // Attributes of a tag: after a space, a / or a quoted value (one holding a >), on a custom element.
    expect(active('<img src=x onerror=alert(1)>')).toBe('onerror=');
    expect(active('\x89PNG<img/src="x>"/onerror=alert(1)>')).toBe('onerror=');
    expect(active('<img src="x"onerror=alert(1)>')).toBe('onerror=');
    expect(active(`<x-${'a'.repeat(5000)} tabindex=1 data-x='>' ONFOCUS = alert(1)>`)).toBe('onfocus=');
    // A tag begun inside a comment, or inside another tag's value: still read, as a browser may read the file from there.
    expect(active('<!-- <a x="--> <img src=x onerror=alert(1)>')).toBe('onerror=');
    // What compressed pixels hold by chance (seen in a 3000 × 2000 PNG): a tag, its >, and far on a ` on…=`.
    expect(active(`<b>${'\xb7\x03>'.repeat(400)} onvixgxm=`)).toBeNull();
    expect(active('a <b> c onload=1')).toBeNull();
    expect(active('<img src=x onerror>')).toBeNull();
  });

  it('counts an element that runs or loads something when its tag is written as markup, not when its name turns up in binary bytes', () => {
    const active = (bytes: Buffer) => markupRules.active(bytes);
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    // Written as markup: a value, quoted or not, may hold any byte, as the browser takes it.
    expect(active(latin1('\x89\x01<iframe src="\xff\xfe\x00x">'))).toBe('<iframe');
    expect(active(latin1('<EMBED src=\x80\x81\x82 type=image/svg+xml>'))).toBe('<embed');
    expect(active(latin1('<script>alert(1)</script>'))).toBe('<script');
    expect(active(latin1('<svg\nviewBox="0 0 1 1"/>'))).toBe('<svg');
    expect(active(latin1('<!DOCTYPE html>'))).toBe('<!doctype html');
    // What compressed pixels hold by chance (a 3000 × 2000 lossless WebP in a CI run held '<svg' and a space).
    expect(active(latin1('<svg \x9c\x03\xf1 onvix\x02>'))).toBeNull();
    expect(active(latin1('<svg/\x01>'))).toBeNull();
    expect(active(latin1('\x93<svg>\x07'))).toBeNull();
    expect(active(latin1('<math>'))).toBeNull();
    // Random bytes after '<svg' and each of its seven possible next characters: about 1 in 400 reads as markup.
    let counted = 0;
    const tries = 3_500;
    for (let k = 0; k < tries; k++) {
      const next = [' ', '/', '\t', '\n', '\r', '\f', '>'][k % 7] as string;
      if (active(Buffer.concat([latin1(`<svg${next}`), randomBytes(300)]))) counted += 1;
    }
    expect(counted / tries).toBeLessThan(0.01);
  });

  it('reads a file of many unclosed tags and quotes in one pass', () => {
    // Each tag start is read; without the marks and the remembered quotes these would take hours, not milliseconds.
    expect(markupRules.active(Buffer.from('<a x="'.repeat(500_000), 'latin1'))).toBeNull();
    expect(markupRules.active(Buffer.from(`${'<a b '.repeat(500_000)}>`, 'latin1'))).toBeNull();
    expect(markupRules.active(Buffer.from(`${'<a b '.repeat(500_000)} onload=x`, 'latin1'))).toBe('onload=');
    expect(markupRules.active(Buffer.from('<svg x="'.repeat(400_000), 'latin1'))).toBeNull();
    expect(markupRules.active(Buffer.from(`${'<svg b '.repeat(400_000)}\x01`, 'latin1'))).toBeNull();
    expect(markupRules.active(Buffer.from(`${'<svg b '.repeat(400_000)}>`, 'latin1'))).toBe('<svg');
  });

  it('accepts genuine photos of several sizes and formats, with EXIF, XMP, a colour profile, a second image or a text trailer', async () => {
    const made: [string, Buffer, 'jpeg' | 'png' | 'webp'][] = [];
    for (const [w, h] of [
      [320, 240],
      [1024, 768],
      [1600, 1200],
      [3000, 2000],
    ] as const) {
      const base = await photo(w, h);
      const meta = () =>
        base
          .clone()
          .withExif({ IFD0: { Copyright: 'Jane Photographer', Make: 'CameraCo', Model: 'X100' } })
          .withIccProfile('p3')
          .withXmp(GENUINE_XMP);
      const jpeg = await meta().jpeg({ quality: 90 }).toBuffer();
      made.push(
        [`${w}×${h} JPEG`, jpeg, 'jpeg'],
        [`${w}×${h} progressive mozjpeg`, await base.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer(), 'jpeg'],
        [
          `${w}×${h} JPEG and a second image after it (MPF)`,
          Buffer.concat([jpeg, await base.clone().resize(160).jpeg().toBuffer()]),
          'jpeg',
        ],
        [`${w}×${h} JPEG with a text trailer`, Buffer.concat([jpeg, Buffer.from('TRAILER: owner Jane, 12 MG Road')]), 'jpeg'],
        [`${w}×${h} PNG`, await meta().png().toBuffer(), 'png'],
        [`${w}×${h} WebP`, await meta().webp({ quality: 80 }).toBuffer(), 'webp'],
        [`${w}×${h} lossless WebP`, await base.clone().webp({ lossless: true }).toBuffer(), 'webp'],
      );
    }
    let taggedByChance = 0;
    for (const [name, bytes, format] of made) {
      expect(findMarkup(bytes, format), name).toBeNull();
      // "Any tag anywhere" would have refused most of these: tags turn up by chance in compressed pixels.
      if (markupRules.anyTag(bytes)) taggedByChance += 1;
    }
    expect(taggedByChance).toBeGreaterThan(made.length / 2);
  }, 60_000);
});
