import { type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';

/** A photo's files are never changed (a new photo is a new id): a browser and a CDN keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The photos' files, for anyone: /api/photos/{id} (the largest JPEG) and /api/photos/{id}/{width}.{avif|webp|jpg}. */
export function photoRoutes(deps: Pick<AppDeps, 'photos'>): Router {
  const router = Router();
  const send = async (res: Response, id: string, name?: string) => {
    const file = await deps.photos.file(id.toLowerCase(), name);
    res
      .set({ 'Cache-Control': IMMUTABLE, 'Content-Type': file.contentType, 'Content-Security-Policy': "default-src 'none'" })
      .send(file.bytes);
  };
  router.get('/photos/:id', (req, res) => send(res, String(req.params.id)));
  router.get('/photos/:id/:name', (req, res) => send(res, String(req.params.id), String(req.params.name)));
  return router;
}
