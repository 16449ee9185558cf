import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.js';
import { badRequest } from '../domain/errors.js';
import { actor, type Declare } from '../http/staff-guard.js';

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
export function photosAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'photos' | 'config'>) {
  const upload = async (req: Request, res: Response) => {
    const bytes = await readBytes(req, deps.config.photos.maxBytes);
    res.status(201).json(await deps.photos.upload(bytes, actor(req, res)));
  };
  declare('post', '/admin/catalogue/photos', 'catalogue:write', upload);
  declare('post', '/admin/content/photos', 'content:write', upload);
}
