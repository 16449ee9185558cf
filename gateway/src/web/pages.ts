import { createHash } from 'node:crypto';
import { EARLY_TAPS_TAG } from './early-taps.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { sanitizeRichText as sanitize } from '@digitic/server-kit/sanitize';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { CacheScope, CatalogueSync } from '../cache/catalogue-sync.js';
import type { Request, Response } from 'express';

import type { Execute, PageDescription, RenderResult, ServerEntry } from '@digitic/web/server-contract';

const RENDER_TIMEOUT_MS = 10_000;

const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

interface Template {
  before: string;
  headDefault: string;
  between: string;
  /** From the end of #root to the state's place. */
  middle: string;
  after: string;
}

/**
 * A stylesheet of the build, inline. After it, a disabled link to the same file: the browser neither fetches
 * nor applies a disabled stylesheet (HTML's "fetch and process the linked resource" stops at `disabled`),
 * but Vite's preload helper, which the app's dynamic imports go through, counts it as there. Without it the
 * helper appended a live link for every inlined stylesheet once the app loaded, and the browser fetched,
 * parsed and applied the same rules a second time (a style and layout pass over the whole page).
 */
const styleTag = (css: string, file?: string) =>
  `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>${file ? `<link rel="stylesheet" href="/${file}" disabled>` : ''}`;

/**
 * The build's small stylesheets go inline: the first paint then waits for no second request, which on a
 * slow phone network is a round trip or two sooner. The entry's stylesheet replaces its link; the styles
 * of the app every page starts (src/boot.tsx and the components it imports) follow it.
 */
function inlineStylesheets(html: string, dist: string, appCss: string[]): string {
  const inlined = html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (tag, file: string) => {
    const css = readFileSync(path.join(dist, file), 'utf8');
    return css.length > 50_000 ? tag : styleTag(css, file);
  });
  const app = appCss.map((file) => styleTag(readFileSync(path.join(dist, file), 'utf8'), file)).join('');
  return inlined.replace('</head>', `${app}</head>`);
}

/** The app's scripts, asked for at low priority (the shell, which needs them to show anything, keeps them high). */
const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, (tag, start: string, rest: string) =>
    rest.includes('fetchpriority') ? tag : `<${start}${rest} fetchpriority="low">`,
  );

function readTemplate(dist: string, appCss: string[]): Template {
  const html = inlineStylesheets(readFileSync(path.join(dist, 'index.html'), 'utf8'), dist, appCss);
  const head = /<!--app-head-->([\s\S]*?)<!--\/app-head-->/.exec(html);
  const body = html.indexOf('<!--app-html-->');
  const state = html.indexOf('<!--app-state-->');
  if (!head || body < 0 || state < body) {
    throw new Error(`${dist}/index.html lacks the <!--app-head-->, <!--app-html--> or <!--app-state--> markers: rebuild the web app`);
  }
  return {
    // The early-taps script first in the head: a tap is kept from the first paint on (web/early-taps.ts).
    before: html.slice(0, head.index).replace('<head>', `<head>${EARLY_TAPS_TAG}`),
    headDefault: head[1] ?? '',
    between: html.slice(head.index + head[0].length, body),
    middle: html.slice(body + '<!--app-html-->'.length, state),
    after: html.slice(state + '<!--app-state-->'.length),
  };
}

interface BuildAssets {
  /** For each page module (as the router names it), the chunks the browser needs to hydrate it, to preload. */
  chunks: Map<string, string[]>;
  /** For each page module, its own stylesheets (files under dist), inlined in its server-rendered pages. */
  styles: Map<string, string[]>;
  /** The stylesheets of the app every page starts, beyond the entry's own (which index.html links). */
  appStyles: string[];
  /** The chunks of the app the entry starts (src/main.tsx imports them in turn), to preload all at once. */
  appChunks: string[];
}

/** What the build's manifest says each page needs beyond what every page loads. */
function readBuildAssets(dist: string): BuildAssets {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((k) => manifest[k]?.css ?? []))];
  // The entry and the app it starts (src/boot.tsx) are what every page loads.
  const inEntry = entryKey ? closure(entryKey) : new Set<string>();
  const entryCss = new Set(entryKey ? (manifest[entryKey]?.css ?? []) : []);
  for (const started of (entryKey && manifest[entryKey]?.dynamicImports) || []) closure(started, inEntry);
  const staticEntry = entryKey ? closure(entryKey) : new Set<string>();
  const appChunks = [...inEntry]
    .filter((k) => !staticEntry.has(k) && manifest[k]?.file.endsWith('.js'))
    .map((k) => `/${manifest[k]?.file}`);
  const always = new Set(cssOf(inEntry));
  const chunks = new Map<string, string[]>();
  const styles = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const own = [...closure(key)].filter((k) => !inEntry.has(k));
    chunks.set(
      key,
      own.map((k) => `/${manifest[k]?.file ?? ''}`),
    );
    styles.set(
      key,
      cssOf(closure(key)).filter((f) => !always.has(f)),
    );
  }
  return { chunks, styles, appStyles: [...always].filter((f) => !entryCss.has(f)), appChunks };
}

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
const DESCRIBED_PATHS = 5_000;
/** Longer paths (a request line may carry ~16 KB) are described anew each time, not remembered. */
const REMEMBERED_PATH = 256;

/** What is known of a path: the page it shows, and that page's one spelling. */
type Described = PageDescription & { canonical: string };

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

export interface PageRendererDeps {
  dist: string;
  /** Without one, every page is the plain app, rendered in the browser. */
  serverEntry?: string;
  origin: string;
  shopName: string;
  /** Sent with every page (the content security policy and its kin). */
  headers: Record<string, string>;
  /** Makes the runner of one page's GraphQL operations (called once per page). */
  /** Runs the page's queries; the page request's id goes with every api call they make. */
  executor: (requestId?: string) => Execute;
  cache: KeyValueCache<string> | null;
  /** The catalogue change log's reader: a page showing what changed is made again. */
  sync: CatalogueSync;
  /** How long a rendered page is served from the cache (PAGE_CACHE_S; 30 s unless told). */
  cacheSeconds?: number;
  log: (message: string) => void;
}

/** Server-rendered catalogue pages: HTML with the content, head tags and the Apollo state the browser hydrates from. */
export async function createPageRenderer(deps: PageRendererDeps) {
  const assets = readBuildAssets(deps.dist);
  const template = readTemplate(deps.dist, assets.appStyles);
  const styleCache = new Map<string, string>();
  const stylesOf = (modules: string[]) =>
    [...new Set(modules.flatMap((m) => assets.styles.get(m) ?? []))]
      .map((file) => {
        let tag = styleCache.get(file);
        if (tag === undefined) {
          tag = styleTag(readFileSync(path.join(deps.dist, file), 'utf8'), file);
          styleCache.set(file, tag);
        }
        return tag;
      })
      .join('');
  const entry = deps.serverEntry ? ((await import(pathToFileURL(deps.serverEntry).href)) as ServerEntry) : null;

  const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...deps.headers };
  const shell = template.before + template.headDefault + template.between + template.middle + template.after;
  // A server-rendered page shows without its scripts: they come after the page's pictures.
  const ssrBefore = lowPriorityScripts(template.before);
  // A page's own styles go last in its head, after the app's, as they come in the browser.
  const [ssrBetween = '', ssrAfterHead = ''] = lowPriorityScripts(template.between).split(/(?=<\/head>)/);
  const sendShell = (res: Response) => {
    res.status(200).set(htmlHeaders).send(shell);
  };
  const cacheSeconds = deps.cacheSeconds ?? 30;

  // Which page a path is, remembered (matching the router's routes costs more than the rest of a cache hit).
  const descriptions = new Map<string, Described>();
  const describe = (pathname: string): Described | undefined => {
    if (!entry) return undefined;
    let d = descriptions.get(pathname);
    if (!d) {
      d = { ...entry.describePage(pathname), canonical: entry.canonicalPath(pathname) };
      if (pathname.length > REMEMBERED_PATH) return d;
      if (descriptions.size >= DESCRIBED_PATHS) descriptions.delete(descriptions.keys().next().value as string);
      descriptions.set(pathname, d);
    }
    return d;
  };

  // The cached pages this process sends most, compressed once (not on every hit) with their ETag.
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
    res.set({ ...htmlHeaders, 'X-Render-Cache': 'hit', ETag: p.etag, Vary: 'Accept-Encoding' });
    if (p.status === 200 && req.get('if-none-match') === p.etag) return void res.status(304).end();
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    const body = encoding === 'br' ? p.br : encoding === 'gzip' ? p.gzip : p.identity;
    if (encoding === 'br' || encoding === 'gzip') res.set('Content-Encoding', encoding);
    res.status(p.status).set('Content-Length', String(body.length)).end(body);
  };

  return async function page(req: Request, res: Response) {
    // Pages for a signed-in customer, and forms, the browser renders (the web app's routes say which).
    const described = describe(req.path);
    if (!entry || !described?.serverRendered) return sendShell(res);
    // One spelling per page (`/bLoGs/`, `//x/product`, `/product/ABC…` are others): the rest are sent to it.
    if (described.canonical !== req.path) {
      const to = { path: described.canonical, originalUrl: req.originalUrl };
      res.set(deps.headers).redirect(301, sameSiteLocation(pageAddress(to, describe(to.path)?.query ?? [])));
      return;
    }
    const url = pageAddress(req, described.query);
    const key = `ssr:${url}`;
    const { sync } = deps;
    const store = deps.cache;
    if (store) {
      const ready = hot.get(key);
      if (ready && ready.until > Date.now() && sync.isFresh(ready.scope.stamp, ready.scope.tags)) return sendPrepared(req, res, ready);
      // Read in a scope of its own: a hit names what the page shows.
      const found = sync.newScope();
      const cached = await sync.run(found, () => store.get(key)).catch(() => undefined);
      if (cached) {
        const { status, html, at } = JSON.parse(cached) as { status: number; html: string; at?: number };
        return sendPrepared(req, res, keepHot(key, found, status, html, at ?? Date.now()));
      }
    }
    // What the page's queries fetch is recorded in its scope, stamped before the first of them.
    const scope = sync.newScope();
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    const started = performance.now();
    let result: RenderResult;
    try {
      result = await sync.run(scope, () =>
        entry.render({
          url,
          origin: deps.origin,
          execute: deps.executor(res.locals.requestId as string | undefined),
          sanitize,
          shopName: deps.shopName,
          signal,
        }),
      );
    } catch (err) {
      // The browser can still render the page and show what failed, with a retry.
      deps.log(`[gateway] server rendering ${req.path} failed, serving the app shell: ${err instanceof Error ? err.message : String(err)}`);
      return sendShell(res);
    }
    if (result.kind === 'redirect') return void res.redirect(result.status, result.location);

    // The app's chunks and the page's own start loading together once the page is in, not before (see
    // web/src/main.tsx): the app evaluates them in turn.
    const chunks = { app: assets.appChunks, page: described.modules.flatMap((m) => assets.chunks.get(m) ?? []) };
    // The page's own styles go inline with it, so it paints styled before any script arrives.
    const head = ssrBefore + result.head + ssrBetween + stylesOf(described.modules) + ssrAfterHead;
    const tail =
      `${template.middle}<script type="application/json" id="__APOLLO_STATE__">${safeJson(result.state)}</script>` +
      `<script type="application/json" id="__PAGE_CHUNKS__">${safeJson(chunks)}</script>${template.after}`;

    if (result.lateQueries.length > 0) {
      // The page rendered before its data was in (a page module's loadData misses a query): it shows loading states.
      deps.log(`[gateway] ${req.path} asked for ${result.lateQueries.join(', ')} while rendering; its loadData should fetch them first`);
    }
    // Data and render time, and the render passes (one), for the browser's developer tools.
    const timing = `ssr;dur=${(performance.now() - started).toFixed(1)};desc="${result.renderPasses} render pass${result.renderPasses === 1 ? '' : 'es'}"`;
    res.status(result.status).set({ ...htmlHeaders, 'X-Render-Cache': 'miss', 'Server-Timing': timing });
    // Kept as bytes: a chunk may end inside a multi-byte character.
    const parts: Buffer[] = [Buffer.from(head)];
    res.write(head);
    const body = new PassThrough();
    body.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      res.write(chunk);
      (res as Response & { flush?: () => void }).flush?.();
    });
    body.on('end', () => {
      parts.push(Buffer.from(tail));
      res.end(tail);
      // Only the shop's own pages are kept: made-up addresses (404s, filter values no product has, pages past
      // the last, typed-in prices) would each take a place and push the popular pages out.
      if (deps.cache && result.status === 200 && result.cacheable) {
        const html = Buffer.concat(parts).toString('utf8');
        const at = Date.now();
        const value = JSON.stringify({ status: result.status, html, at });
        const kept = deps.cache;
        void sync.run(scope, () => kept.set(key, value, { ttl: cacheSeconds })).catch(() => undefined);
        setImmediate(() => keepHot(key, scope, result.status, html, at));
      }
    });
    res.on('close', () => {
      if (!res.writableFinished) result.abort();
    });
    result.pipe(body);
  };
}

/**
 * The page's address as rendered and cached: its path with only the query parameters the page reads,
 * each once (its first value), in a fixed order. Made-up parameters (`/product?utm=…`, a crawler's or an
 * attacker's) and repeated ones neither render the page anew nor take a place in the cache.
 */
export function pageAddress(req: Pick<Request, 'path' | 'originalUrl'>, read: string[]): string {
  const given = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  const kept = new URLSearchParams();
  for (const name of [...read].sort()) {
    const value = given.get(name);
    if (value !== null) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${req.path}?${query}` : req.path;
}

/**
 * A redirect's Location that stays on this site whatever the path holds: it begins with exactly one "/"
 * (`//host` and `/\host` are other sites to a browser), and carries no "\" and no control character
 * (browsers read "\" as "/" and drop tabs and newlines, so `/\t/host` would be `//host`).
 */
export function sameSiteLocation(address: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is dropped
  const plain = address.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\\/g, '%5C');
  return `/${plain.replace(/^\/+/, '')}`;
}
