import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { Request, Response } from 'express';
import type { CacheScope, CatalogueSync } from '../cache/catalogue-sync.js';

/** A page as sent from the cache: its bytes plain, brotli and gzip, and its ETag, until it expires. */
interface Prepared {
  /** What the page shows and when it was made: it is sent while nothing of that changed since (cache/catalogue-sync.ts). */
  scope: CacheScope;
  status: number;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  until: number;
}

const HOT_PAGES = 200;
/** What the hot pages may hold at most, their plain and compressed bytes together. */
const HOT_BYTES = 32 * 1024 * 1024;

function prepare(scope: CacheScope, status: number, html: string, until: number): Prepared {
  const identity = Buffer.from(html);
  return {
    scope,
    status,
    until,
    identity,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

export interface PageCacheDeps {
  /** The shared cache (Redis or memory); none keeps no page. */
  store: KeyValueCache<string> | null;
  /** The catalogue change log's reader: a page showing what changed is made again. */
  sync: CatalogueSync;
  /** How long a rendered page is served from the cache. */
  cacheSeconds: number;
  /** The headers of every page (its type, Cache-Control, the content security policy and its kin). */
  headers: Record<string, string>;
}

/**
 * Rendered pages, kept in the shared cache with what they show (a page is sent while nothing of that changed:
 * cache/catalogue-sync.ts), and the ones this process sends most, compressed once (not on every hit) with their ETag.
 */
export function pageCache(deps: PageCacheDeps) {
  const { store, sync, cacheSeconds } = deps;
  const hot = new Map<string, Prepared>();
  let hotBytes = 0;
  const bytesOf = (p: Prepared) => p.identity.length + p.br.length + p.gzip.length;
  const dropHot = (key: string) => {
    const gone = hot.get(key);
    if (gone) hotBytes -= bytesOf(gone);
    hot.delete(key);
  };
  const keepHot = (key: string, scope: CacheScope, status: number, html: string, renderedAt: number) => {
    const prepared = prepare(scope, status, html, renderedAt + cacheSeconds * 1000);
    dropHot(key);
    while (hot.size > 0 && (hot.size >= HOT_PAGES || hotBytes + bytesOf(prepared) > HOT_BYTES)) dropHot(hot.keys().next().value as string);
    hot.set(key, prepared);
    hotBytes += bytesOf(prepared);
    return prepared;
  };
  const sendPrepared = (req: Request, res: Response, p: Prepared) => {
    res.set({ ...deps.headers, 'X-Render-Cache': 'hit', ETag: p.etag, Vary: 'Accept-Encoding' });
    if (p.status === 200 && req.get('if-none-match') === p.etag) return void res.status(304).end();
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    const body = encoding === 'br' ? p.br : encoding === 'gzip' ? p.gzip : p.identity;
    if (encoding === 'br' || encoding === 'gzip') res.set('Content-Encoding', encoding);
    res.status(p.status).set('Content-Length', String(body.length)).end(body);
  };

  return {
    /** Sends the page kept under the key if there is one still fresh, and says whether it did. */
    async send(req: Request, res: Response, key: string): Promise<boolean> {
      if (!store) return false;
      const ready = hot.get(key);
      if (ready && ready.until > Date.now() && sync.isFresh(ready.scope.stamp, ready.scope.tags)) {
        sendPrepared(req, res, ready);
        return true;
      }
      // Read in a scope of its own: a hit names what the page shows.
      const found = sync.newScope();
      const cached = await sync.run(found, () => store.get(key)).catch(() => undefined);
      if (!cached) return false;
      const { status, html, at } = JSON.parse(cached) as { status: number; html: string; at?: number };
      sendPrepared(req, res, keepHot(key, found, status, html, at ?? Date.now()));
      return true;
    },
    /** Keeps a page just sent (its bytes as written), under the scope that recorded what it shows. */
    keep(key: string, scope: CacheScope, status: number, parts: Buffer[]) {
      if (!store) return;
      const html = Buffer.concat(parts).toString('utf8');
      const at = Date.now();
      const value = JSON.stringify({ status, html, at });
      void sync.run(scope, () => store.set(key, value, { ttl: cacheSeconds })).catch(() => undefined);
      setImmediate(() => keepHot(key, scope, status, html, at));
    },
  };
}
