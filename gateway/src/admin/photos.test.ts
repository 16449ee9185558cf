import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../test/back-office.js';
import { startTestGateway, type TestGateway } from '../test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  const adminDist = mkdtempSync(path.join(tmpdir(), 'digitic-admin-dist-'));
  mkdirSync(path.join(adminDist, 'assets'));
  writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  gw = await startTestGateway({ ADMIN_DIST: adminDist });
});
afterAll(() => gw.close());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .toBuffer();

describe('photos through the gateway', () => {
  it('uploads with the session cookie and CSRF header, puts the photo on a product, and serves its widths and formats from the shop', async () => {
    const { browser: desk } = await signedInStaff(gw, 'catalogue');
    const cookies = [...desk.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = desk.cookies.get('digitic_staff_csrf') as string;
    const send = (bytes: Buffer, headers: Record<string, string>, target = 'product') =>
      fetch(`${gw.url}/admin/files/${target}-photos`, {
        method: 'POST',
        headers: { Cookie: cookies, 'Content-Type': 'image/jpeg', ...headers },
        body: new Uint8Array(bytes),
      });

    // Without the CSRF header the api refuses the write, whatever the cookie.
    expect((await send(await photo(800, 600), {})).status).toBe(403);
    const res = await send(await photo(1500, 1000), { 'X-CSRF-Token': csrf });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const uploaded = (await res.json()) as { id: string; url: string; widths: number[] };
    expect(uploaded.widths).toEqual([320, 640, 960, 1280]);
    const wrong = await send(Buffer.from('#!/bin/sh\nrm -rf /\n'), { 'X-CSRF-Token': csrf });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'The file is not a JPEG, PNG or WebP photo (it is a script), whatever its name says',
    );
    expect((await send(await photo(400, 300), { 'X-CSRF-Token': csrf }, 'blog')).status).toBe(201);

    const made = await desk.admin<{ createProduct: { id: string } }>('mutation($i: ProductInput!) { createProduct(input: $i) { id } }', {
      i: {
        title: `Gateway Photo Camera ${Date.now().toString(36)}`,
        description: '<p>Photographed</p>',
        price: 23999,
        category: 'Cameras',
        brand: 'Acme',
        tags: [],
        colors: ['black'],
        images: [uploaded.url, '/api/images/product/camera-black-1.svg'],
        stock: [{ color: 'black', units: 2 }],
      },
    });
    expect(made.errors, JSON.stringify(made.errors)).toBeUndefined();
    const id = made.data?.createProduct.id as string;
    const page = await gw.gql<{ product: { images: Record<string, unknown>[] } }>(
      'query($id: ID!) { product(id: $id) { images { url width height srcset avifSrcset webpSrcset } } }',
      { id },
    );
    const u = uploaded.url;
    expect(page.data?.product.images).toEqual([
      {
        url: u,
        width: 1500,
        height: 1000,
        srcset: `${u}/320.jpg 320w, ${u}/640.jpg 640w, ${u}/960.jpg 960w, ${u}/1280.jpg 1280w`,
        avifSrcset: `${u}/320.avif 320w, ${u}/640.avif 640w, ${u}/960.avif 960w, ${u}/1280.avif 1280w`,
        webpSrcset: `${u}/320.webp 320w, ${u}/640.webp 640w, ${u}/960.webp 960w, ${u}/1280.webp 1280w`,
      },
      { url: '/api/images/product/camera-black-1.svg', width: null, height: null, srcset: null, avifSrcset: null, webpSrcset: null },
    ]);

    // The shop serves the files from its own origin, for a year; anything else under /api/photos is not forwarded.
    const avif = await fetch(`${gw.url}${u}/640.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).width).toBe(640);
    expect((await fetch(`${gw.url}${u}`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${gw.url}${u}/640.gif`)).status).toBe(404);
    expect((await fetch(`${gw.url}/api/photos/${uploaded.id}/..%2f..%2fadmin`)).status).toBe(404);
  });
});
