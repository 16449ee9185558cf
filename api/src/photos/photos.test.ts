import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';

/** A photograph-like JPEG: noise over a gradient (it compresses as a photo does), with EXIF a shop must not publish. */
async function cameraJpeg(width = 1600, height = 1200, orientation?: number) {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .composite([
      {
        input: Buffer.from(`<svg width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#2266aa"/></svg>`),
        blend: 'over',
      },
    ])
    .withExif({
      IFD0: { Copyright: 'Jane Photographer', Artist: 'Jane Photographer', Make: 'CameraCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 10/1 0/1' },
    })
    .withMetadata(orientation ? { orientation } : {})
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG that says it is 30,000 × 30,000 pixels (900 megapixels) in about a hundred kilobytes: a decompression bomb. */
function bombPng(side = 30_000, depth = 1, colour = 0) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(depth, 8); // bits a sample
  ihdr.writeUInt8(colour, 9); // 0 grey, 6 RGBA
  const rows = Buffer.alloc(depth === 1 ? (1 + Math.ceil(side / 8)) * side : 1024); // every row: filter 0, then zeros (or a start)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (api: TestApi, auth: Record<string, string>, bytes: Buffer, type = 'image/jpeg', route = 'catalogue') =>
  api.http.post(`/api/admin/${route}/photos`).set(auth).set('Content-Type', type).send(bytes);

describe('photo uploads, stored in the database', () => {
  let api: TestApi;
  let desk: Awaited<ReturnType<typeof staffSession>>;
  beforeAll(async () => {
    api = await startTestApi();
    desk = await staffSession(api, 'catalogue');
  });
  afterAll(() => api.close());

  it('remakes a photo at each width in AVIF, WebP and JPEG, upright, without its EXIF, served for a year', async () => {
    const original = await cameraJpeg(1600, 1200, 6);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(api, desk.auth, original, 'application/octet-stream');
    expect(res.status).toBe(201);
    // Orientation 6: the camera was turned, so the photo stands 1200 wide and 1600 high.
    expect(res.body).toMatchObject({ url: `/api/photos/${res.body.id}`, width: 1200, height: 1600, widths: [320, 640, 960, 1200] });

    for (const [name, format, type] of [
      ['640.avif', 'heif', 'image/avif'],
      ['640.webp', 'webp', 'image/webp'],
      ['640.jpg', 'jpeg', 'image/jpeg'],
    ] as const) {
      const file = await api.http
        .get(`/api/photos/${res.body.id}/${name}`)
        .buffer(true)
        .parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => done(null, Buffer.concat(parts)));
        });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.body as Buffer).metadata();
      expect(meta).toMatchObject({ format, width: 640, height: 853 });
      // Nothing of the camera's: no EXIF, no orientation to apply, no owner's name or place anywhere in the bytes.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect((file.body as Buffer).includes(Buffer.from('Jane Photographer'))).toBe(false);
    }
    const fallback = await api.http.get(`/api/photos/${res.body.id}`);
    expect(fallback.headers['content-type']).toBe('image/jpeg');

    const trail = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', res.body.id)
      .execute();
    expect(trail).toEqual([{ action: 'photo.uploaded', actor_id: desk.id }]);
  });

  it('refuses by content, whatever the name: a renamed program, an SVG, a damaged file, an empty one', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 7)]);
    const program = await upload(api, desk.auth, elf, 'image/jpeg');
    expect(program.status).toBe(400);
    expect(program.body.message).toBe('The file is not a JPEG, PNG or WebP photo (it is a Linux program), whatever its name says');
    const exe = await upload(api, desk.auth, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000)]), 'image/png');
    expect(exe.body.message).toMatch(/\(it is a Windows program\)/);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="10" height="10"/></svg>');
    const drawing = await upload(api, desk.auth, svg, 'image/png');
    expect(drawing.status).toBe(400);
    expect(drawing.body.message).toBe('The file is not a JPEG, PNG or WebP photo (it is an SVG drawing), whatever its name says');

    const whole = await cameraJpeg(800, 600);
    const damaged = await upload(api, desk.auth, whole.subarray(0, Math.floor(whole.length / 3)));
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toBe('The photo could not be read: the file is damaged or incomplete');
    expect((await upload(api, desk.auth, Buffer.alloc(0))).body.message).toBe('The file is empty');
  });

  it('refuses a photo larger than the limit before reading it whole, and a decompression bomb before decoding it', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)]);
    const oversized = await upload(api, desk.auth, big);
    expect(oversized.status).toBe(400);
    expect(oversized.body.message).toBe('The file is larger than 10 MB');

    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(300_000);
    const before = process.memoryUsage().rss;
    const refused = await upload(api, desk.auth, bomb, 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The photo is 30,000 × 30,000 pixels: at most 40 megapixels and 10,000 pixels on a side');
    // Refused from the header: nothing near 900 megapixels was decoded.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // Within the pixels allowed, but 16-bit RGBA: some 550 MB to open.
    const deep = await upload(api, desk.auth, bombPng(6000, 16, 6), 'image/png');
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe('The photo needs about 549 MB to open (16-bit, 4 channels): save it smaller or as an 8-bit JPEG');
    const tiny = await upload(
      api,
      desk.auth,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    expect(tiny.body.message).toBe('The photo is 40 × 40 pixels: at least 100 on each side');
  });

  it('refuses a polyglot (a JPEG that is also an SVG with a script), and serves only remade pixels of a photo', async () => {
    const jpeg = await cameraJpeg(600, 400);
    const polyglot = Buffer.concat([jpeg, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]);
    const refused = await upload(api, desk.auth, polyglot);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The file is not only a photo: it also holds an SVG drawing (<svg) after the image (a polyglot). Upload the photo alone.',
    );
    const html = await upload(api, desk.auth, Buffer.concat([jpeg, Buffer.from('<!DOCTYPE html><p>hi')]));
    expect(html.body.message).toBe(
      'The file is not only a photo: it also holds HTML (<!doctype html) after the image (a polyglot). Upload the photo alone.',
    );
    // Any tag with a handler, in UTF-16 too (the markup rules and their spellings: markup.test.ts).
    const onerror = await upload(api, desk.auth, Buffer.concat([jpeg, Buffer.from('<img src=x onerror=alert(1)>', 'utf16le')]));
    expect(onerror.body.message).toBe(
      'The file is not only a photo: it also holds HTML (onerror=) after the image (a polyglot). Upload the photo alone.',
    );
    // What the camera appends (here bytes after the image's end, with no markup) never reaches a shopper either.
    const res = await upload(api, desk.auth, Buffer.concat([jpeg, Buffer.from('TRAILER: owner Jane Photographer, 12 MG Road')]));
    expect(res.status).toBe(201);
    for (const name of ['320.jpg', '600.webp', '600.avif']) {
      const file = await api.http
        .get(`/api/photos/${res.body.id}/${name}`)
        .buffer(true)
        .parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => done(null, Buffer.concat(parts)));
        });
      expect(file.status).toBe(200);
      expect((file.body as Buffer).includes(Buffer.from('Jane Photographer'))).toBe(false);
      expect(file.headers['content-security-policy']).toBe("default-src 'none'");
    }
  });

  it('puts a photo on a product (its size and widths kept with it); an unknown photo is refused, a missing one is a clear 404', async () => {
    const photo = (await upload(api, desk.auth, await cameraJpeg(1000, 1000))).body;
    const made = await api.http
      .post('/api/admin/catalogue/products')
      .set(desk.auth)
      .send({
        title: `Photo Camera ${Date.now().toString(36)}`,
        description: '<p>Real photo</p>',
        price: 15999,
        category: 'Cameras',
        brand: 'Acme',
        tags: [],
        colors: ['black'],
        images: [photo.url, '/api/images/product/camera-black-1.svg'],
        stock: { black: 3 },
      });
    expect(made.status).toBe(201);
    const page = await api.http.get(`/api/product/${made.body.id}`);
    expect(page.body.images).toEqual([
      { url: photo.url, width: 1000, height: 1000, widths: [320, 640, 960, 1000] },
      { url: '/api/images/product/camera-black-1.svg' },
    ]);
    const unknown = await api.http
      .put(`/api/admin/catalogue/products/${made.body.id}`)
      .set(desk.auth)
      .send({
        title: made.body.title,
        description: '<p>Real photo</p>',
        price: 15999,
        category: 'Cameras',
        brand: 'Acme',
        tags: [],
        colors: ['black'],
        images: ['/api/photos/00000000-0000-4000-8000-000000000000'],
        version: made.body.version,
      });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('no photo was uploaded at /api/photos/00000000-0000-4000-8000-000000000000');

    expect((await api.http.get('/api/photos/00000000-0000-4000-8000-000000000000/320.jpg')).body.message).toBe('There is no such photo');
    const size = await api.http.get(`/api/photos/${photo.id}/500.jpg`);
    expect(size.status).toBe(404);
    expect(size.body.message).toBe('This photo is made at widths 320, 640, 960, 1000');
    await api.database.db.deleteFrom('photo_files').where('key', '=', `photos/${photo.id}/320.jpg`).execute();
    const missing = await api.http.get(`/api/photos/${photo.id}/320.jpg`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This photo’s file is missing');
  });

  it('answers an upload sent in chunks past the limit with the limit, not a cut connection', async () => {
    const { request } = await import('node:http');
    const url = new URL(`${api.url}/admin/catalogue/photos`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { ...desk.auth, 'Content-Type': 'image/jpeg', 'Transfer-Encoding': 'chunked' } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 12; i++) req.write(chunk);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe('The file is larger than 10 MB');
  });

  it('says plainly when a photo is kept in a store the shop is not set to read', async () => {
    const photo = (await upload(api, desk.auth, await cameraJpeg(500, 400))).body;
    await api.database.db.updateTable('photos').set({ storage: 's3' }).where('id', '=', photo.id).execute();
    const res = await api.http.get(`/api/photos/${photo.id}/320.jpg`);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('This photo is kept in the s3 store, which the shop is not set to read (PHOTO_STORAGE)');
    expect((await api.http.get(`/api/photos/${photo.id}/0320.jpg`)).status).toBe(404);
  });

  it('takes uploads for posts under content:write, and from nobody without catalogue:write or content:write', async () => {
    expect((await upload(api, desk.auth, await cameraJpeg(400, 300), 'image/jpeg', 'content')).status).toBe(201);
    const packer = await staffSession(api, 'fulfilment');
    expect((await upload(api, packer.auth, await cameraJpeg(400, 300))).status).toBe(403);
    expect((await upload(api, packer.auth, await cameraJpeg(400, 300), 'image/jpeg', 'content')).status).toBe(403);
  });
});

describe('photo uploads, stored in an S3 bucket (s3rver)', () => {
  let api: TestApi;
  let s3: S3rver;
  let dir: string;
  let desk: Awaited<ReturnType<typeof staffSession>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'digitic-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'shop-photos' }] });
    const { port } = await s3.run();
    api = await startTestApi({
      env: {
        PHOTO_STORAGE: 's3',
        S3_BUCKET: 'shop-photos',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    desk = await staffSession(api, 'catalogue');
  });
  afterAll(async () => {
    await api.close();
    await s3.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the files in the bucket, none in the database, and says so plainly when the bucket cannot be reached', async () => {
    const res = await upload(api, desk.auth, await cameraJpeg(700, 500));
    expect(res.status).toBe(201);
    expect(res.body.widths).toEqual([320, 640, 700]);
    const file = await api.http.get(`/api/photos/${res.body.id}/640.webp`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(await api.database.db.selectFrom('photo_files').select('key').execute()).toEqual([]);
    const row = await api.database.db.selectFrom('photos').select('storage').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.storage).toBe('s3');
    const stored = await readdir(path.join(dir, 'shop-photos', 'photos', res.body.id));
    // s3rver keeps an object as {key}._S3rver_object beside its metadata.
    expect(stored.flatMap((f) => /^(.+)\._S3rver_object$/.exec(f)?.[1] ?? []).sort()).toEqual(
      ['320.avif', '320.jpg', '320.webp', '640.avif', '640.jpg', '640.webp', '700.avif', '700.jpg', '700.webp'].sort(),
    );

    await s3.close();
    const down = await api.http.get(`/api/photos/${res.body.id}/320.jpg`);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('The photo cannot be read right now');
    const noUpload = await upload(api, desk.auth, await cameraJpeg(400, 300));
    expect(noUpload.status).toBe(503);
    expect(noUpload.body.message).toBe('The photo could not be stored right now. Try again shortly.');
  });
});
