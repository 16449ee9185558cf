import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../domain/errors.js';
import type { Declare } from '../staff/route-types.js';
import { type RequestFacts, staffActor } from '../staff/service.js';

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

/**
 * The request's body, refused past `max` bytes: a larger upload is never held (its rest is read and dropped,
 * so the answer reaches the client instead of a cut connection, up to a few times the limit).
 */
function readBytes(req: Request, max: number): Promise<Buffer> {
  const tooLarge = () => badRequest(`The file is larger than ${max / 1024 / 1024} MB`, 'file');
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return Promise.reject(tooLarge());
  // Already read (a JSON body the json parser took): there are no file bytes left to read.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max * 4) req.destroy();
      else if (size <= max) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => (size > max ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', () => reject(size > max ? tooLarge() : badRequest('The upload was cut off before the whole file arrived', 'file')));
    req.on('close', () => {
      if (!req.complete) reject(size > max ? tooLarge() : badRequest('The upload was cut off before the whole file arrived', 'file'));
    });
  });
}

/**
 * Uploads, the file as the request's body (any name, any declared type: the bytes decide): for products
 * (catalogue:write) and for blog posts (content:write), one path behind each permission.
 */
export function photoUploadRoutes(
  declare: Declare,
  deps: Pick<AppDeps, 'photos' | 'config'>,
  facts: (req: Request, res: Response) => RequestFacts,
) {
  const upload = async (req: Request, res: Response, me: Parameters<typeof staffActor>[0]) => {
    const bytes = await readBytes(req, deps.config.photos.maxBytes);
    res.status(201).json(await deps.photos.upload(bytes, staffActor(me, facts(req, res))));
  };
  declare('post', '/admin/catalogue/photos', 'catalogue:write', upload);
  declare('post', '/admin/content/photos', 'content:write', upload);
}
