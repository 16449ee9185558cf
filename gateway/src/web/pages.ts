import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { sanitizeRichText as sanitize } from '@digitic/server-kit/sanitize';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { CatalogueSync } from '../cache/catalogue-sync.js';
import type { Request, Response } from 'express';

import type { Execute, RenderResult, ServerEntry } from '@digitic/web/server-contract';
import { readBuildAssets } from './build-assets.js';
import { htmlShell } from './html-shell.js';
import { pageCache } from './page-cache.js';
import { renderGate } from './render-gate.js';
import { withoutScripts } from './product-preview.js';
import { pageAddress, pageDescriber, sameSiteLocation } from './page-paths.js';
import type { ShopDetailsSource } from '../shop-details.js';

/** The page's address as rendered and cached, and a redirect's Location that stays on this site (page-paths.ts). */
export { pageAddress, sameSiteLocation };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type PageRenderer = Awaited<ReturnType<typeof createPageRenderer>>;

const RENDER_TIMEOUT_MS = 10_000;
/** Pages that may wait for a render, and for how long, before the app shell is sent instead (render-gate.ts). */
const MAX_WAITING = 200;
const MAX_WAIT_MS = 5_000;

export interface PageRendererDeps {
  dist: string;
  /** Without one, every page is the plain app, rendered in the browser. */
  serverEntry?: string;
  origin: string;
  /** The shop's own details: its name is in every page's title. */
  shop: ShopDetailsSource;
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
  /** Pages rendered at once (SSR_CONCURRENCY; 4 unless told): the rest wait their turn (render-gate.ts). */
  renderConcurrency?: number;
  log: (message: string) => void;
}

/** Server-rendered catalogue pages: HTML with the content, head tags and the Apollo state the browser hydrates from. */
export async function createPageRenderer(deps: PageRendererDeps) {
  const assets = readBuildAssets(deps.dist);
  const html = htmlShell(deps.dist, assets);
  const entry = deps.serverEntry ? ((await import(pathToFileURL(deps.serverEntry).href)) as ServerEntry) : null;

  const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...deps.headers };
  const sendShell = (res: Response) => {
    res.status(200).set(htmlHeaders).send(html.shell);
  };
  const cacheSeconds = deps.cacheSeconds ?? 30;
  const describe = pageDescriber(entry);
  const cache = pageCache({ store: deps.cache, sync: deps.sync, cacheSeconds, headers: htmlHeaders });
  const gate = renderGate({ concurrency: deps.renderConcurrency ?? 4, maxWaiting: MAX_WAITING, maxWaitMs: MAX_WAIT_MS });

  /**
   * A page as it would look (a product's with an editor's unsaved fields): rendered with the given queries'
   * runner, never cached, sent without its scripts under a policy that runs none (`sandbox`), and told apart by
   * a line at its top. Staff open it from the back office (admin/product-preview.ts checks who).
   */
  async function preview(res: Response, path: string, execute: Execute, note: string) {
    const described = describe(path);
    if (!entry || !described?.serverRendered) {
      res.status(503).type('text/plain').send('A preview needs the server renderer (SSR is off)');
      return;
    }
    // In a scope of its own, as a page's: what its queries fetch is tagged, so a change drops it from every cache.
    const rendered = deps.sync.run(deps.sync.newScope(), async () =>
      entry.render({
        url: path,
        origin: deps.origin,
        execute,
        sanitize,
        shopName: (await deps.shop.current()).name,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      }),
    );
    let result: RenderResult;
    const parts: Buffer[] = [];
    try {
      result = await rendered;
      if (result.kind === 'redirect') {
        res.status(404).type('text/plain').send('There is no such page to preview');
        return;
      }
      const page = result;
      const body = new PassThrough();
      body.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('close', () => page.abort());
      await new Promise<void>((done, failed) => {
        body.on('end', done);
        body.on('error', failed);
        page.pipe(body);
      });
    } catch (err) {
      deps.log(`[gateway] previewing ${path} failed: ${err instanceof Error ? err.message : String(err)}`);
      res.status(502).type('text/plain').send('The preview could not be made: the store could not render the page. Try again.');
      return;
    }
    const policy = deps.headers['Content-Security-Policy'];
    res
      .status(result.status)
      .set({ ...htmlHeaders, 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' })
      .setHeader('Content-Security-Policy', [...(policy ? [policy] : []), 'sandbox']);
    const head = withoutScripts(html.head(result.head, described.modules)).replace('<title>', '<title>Preview: ');
    const content = withoutScripts(Buffer.concat(parts).toString('utf8'));
    res.send(`${head}<p class="preview-note" role="note"><strong>Preview</strong>: ${escapeHtml(note)}</p>${content}</div></body></html>`);
  }

  return Object.assign(page, { preview });

  async function page(req: Request, res: Response) {
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
    if (await cache.send(req, res, key)) return;
    // Its turn to render: a client that goes away while waiting gives its place up.
    const gone = new AbortController();
    const leave = () => gone.abort();
    res.once('close', leave);
    const done = await gate.enter(gone.signal);
    res.off('close', leave);
    if (gone.signal.aborted) return done?.();
    if (!done) {
      deps.log(`[gateway] ${gate.load.waiting} pages waiting to be rendered: ${req.path} is sent as the app shell`);
      return sendShell(res);
    }
    try {
      await render(entry, req, res, described, url, key);
    } finally {
      done();
    }
  }

  /** Renders the page and streams it; resolves when it is rendered (or the client has gone). */
  async function render(server: ServerEntry, req: Request, res: Response, described: { modules: string[] }, url: string, key: string) {
    const { sync } = deps;
    // What the page's queries fetch is recorded in its scope, stamped before the first of them.
    const scope = sync.newScope();
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    const started = performance.now();
    let result: RenderResult;
    try {
      result = await sync.run(scope, async () =>
        server.render({
          url,
          origin: deps.origin,
          execute: deps.executor(res.locals.requestId as string | undefined),
          sanitize,
          // Read in the page's scope: the page is tagged 'settings', so a new name drops it from the cache.
          shopName: (await deps.shop.current()).name,
          signal,
        }),
      );
    } catch (err) {
      // The browser can still render the page and show what failed, with a retry.
      deps.log(`[gateway] server rendering ${req.path} failed, serving the app shell: ${err instanceof Error ? err.message : String(err)}`);
      return sendShell(res);
    }
    if (result.kind === 'redirect') return void res.redirect(result.status, result.location);

    const head = html.head(result.head, described.modules);
    const tail = html.tail(result.state, described.modules);

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
      // Nor is a page that rendered before its data was in (it shows loading states: the next asks again).
      if (result.status === 200 && result.cacheable && result.lateQueries.length === 0) cache.keep(key, scope, result.status, parts);
    });
    // The turn ends when the page is rendered (or its client has gone), not when a slow client has read it all:
    // a few slow readers must not hold every turn.
    await new Promise<void>((rendered) => {
      body.on('end', rendered);
      res.on('close', () => {
        if (!res.writableFinished) result.abort();
        rendered();
      });
      result.pipe(body);
    });
  }
}
