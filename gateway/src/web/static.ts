import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import express from 'express';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

const cacheControl = (file: string) =>
  file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';

/**
 * The built web app's files. Where the build wrote a .br or .gz beside a file, that file is sent as it is
 * (no compressing per request); hashed assets are cached for a year.
 */
export function staticFiles(root: string) {
  const all = new Set(filesUnder(root).map((f) => `/${f.split(path.sep).join('/')}`));
  const plain = express.static(root, { index: false, setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(file)) });
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && all.has(req.path) && !req.path.endsWith('.html')) {
      const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      const type = TYPES[path.extname(req.path)];
      if (suffix && type && all.has(req.path + suffix)) {
        const file = path.join(root, req.path + suffix);
        res.set({
          'Content-Type': type,
          'Content-Encoding': encoding as string,
          Vary: 'Accept-Encoding',
          'Cache-Control': cacheControl(file),
        });
        res.sendFile(file, { dotfiles: 'deny' });
        return;
      }
    }
    // Anything not in the build is a page (or a 404) for the handlers after this one: no look at the disk.
    if (!all.has(req.path)) return next();
    void plain(req, res, next);
  };
}

export const hasIndex = (dist: string) => existsSync(path.join(dist, 'index.html'));
