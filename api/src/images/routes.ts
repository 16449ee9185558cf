import { type Response, Router } from 'express';
import { notFound } from '../domain/errors.js';
import { blogSvg, DEVICE_KINDS, type DeviceKind, PALETTE, productSvg } from './illustrations.js';

const isKind = (v: string): v is DeviceKind => (DEVICE_KINDS as readonly string[]).includes(v);

/** The catalogue's pictures: /api/images/product/{kind}-{colour}-{n}.svg and /api/images/blog/{kind}-{n}.svg. */
export function imagesRoutes(): Router {
  const router = Router();
  const send = (res: Response, svg: string) => res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400, immutable').send(svg);

  router.get('/images/product/:name', (req, res) => {
    const m = /^([a-z]+)-([a-z]+)-([1-9])\.svg$/.exec(req.params.name);
    if (!m || !isKind(m[1] as string) || !((m[2] as string) in PALETTE)) throw notFound('Image not found');
    send(res, productSvg(m[1] as DeviceKind, m[2] as string, Number(m[3])));
  });
  router.get('/images/blog/:name', (req, res) => {
    const m = /^([a-z]+)-([1-9])\.svg$/.exec(req.params.name);
    if (!m || !isKind(m[1] as string)) throw notFound('Image not found');
    send(res, blogSvg(m[1] as DeviceKind, Number(m[2])));
  });
  return router;
}
