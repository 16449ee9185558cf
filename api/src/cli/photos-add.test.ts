import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';
import { runCommand } from './commands.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const cameraJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 88 })
    .toBuffer();

describe('photos:add', () => {
  it('puts photos on a product from the command line (photos:add), first among its pictures; a refused file puts none', async () => {
    const [product] = (await api.http.get('/api/product?limit=1&sort=title')).body as {
      _id: string;
      slug: string;
      images: { url: string }[];
    }[];
    if (!product) throw new Error('no product');
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const jpeg = (await cameraJpeg(1200, 900)).toString('base64');
    const refused = await runCommand(
      'photos:add',
      api.services,
      {
        product: product.slug,
        files: [
          { fileName: 'a.jpg', base64: jpeg },
          { fileName: 'b.jpg', base64: Buffer.from('MZ....').toString('base64') },
        ],
      },
      io,
    );
    expect(refused).toBe(1);
    expect(err.at(-1)).toMatch(/^b\.jpg: The file is not a JPEG, PNG or WebP photo \(it is a Windows program\)/);
    expect((await api.http.get(`/api/product/${product._id}`)).body.images).toEqual(product.images);
    // Nothing was stored of the file that was fine either.
    expect(await api.database.db.selectFrom('photos').select('id').execute()).toEqual([]);

    expect(
      await runCommand('photos:add', api.services, { product: product.slug, files: [{ fileName: 'front.jpg', base64: jpeg }] }, io),
    ).toBe(0);
    const images = (await api.http.get(`/api/product/${product._id}`)).body.images as { url: string; widths?: number[] }[];
    expect(images[0]).toMatchObject({
      url: expect.stringMatching(/^\/api\/photos\//),
      width: 1200,
      height: 900,
      widths: [320, 640, 960, 1200],
    });
    expect(images.slice(1)).toEqual(product.images);
    expect(out.at(-1)).toMatch(/now has \d+ pictures, 1 of them new\.$/);
    const small = (await cameraJpeg(300, 200)).toString('base64');
    const many = Array.from({ length: 10 }, (_, i) => ({ fileName: `${i}.jpg`, base64: small }));
    await runCommand('photos:add', api.services, { product: product.slug, files: many }, io);
    expect(await runCommand('photos:add', api.services, { product: product.slug, files: many }, io)).toBe(1);
    expect(err.at(-1)).toMatch(
      /would have more than 20 pictures: use --replace, or remove some in the desk first\. Nothing was uploaded\.$/,
    );
    expect(
      await runCommand('photos:add', api.services, { product: 'no-such-product', files: [{ fileName: 'x.jpg', base64: jpeg }] }, io),
    ).toBe(1);
    expect(err.at(-1)).toBe('No product has the id or address no-such-product');
  });
});
