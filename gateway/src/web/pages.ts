import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { sanitizeRichText as sanitize } from '@digitic/server-kit/sanitize';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { Request, Response } from 'express';
import type { DocumentNode } from 'graphql';

// What web/src/entry-server.tsx exports (the gateway does not compile the web app's sources).
interface ExecutionResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string }[];
}
type Execute = (op: { query: DocumentNode; variables: Record<string, unknown>; operationName?: string }) => Promise<ExecutionResult>;
type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; state: unknown; pipe: (out: NodeJS.WritableStream) => void; abort: () => void };
interface ServerEntry {
  render(options: {
    url: string;
    origin: string;
    execute: Execute;
    sanitize: (html: string) => string;
    shopName?: string;
    signal?: AbortSignal;
  }): Promise<RenderResult>;
}

// Pages that only make sense for a signed-in customer, or are forms: the browser renders them.
const CLIENT_ONLY = /^\/(cart|checkout|my-orders|my-profile|wishlist|login|signup|forgot-password|reset-password)(\/|$)/;
const HTML_TTL_SECONDS = 30;
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
 * The build's small stylesheet goes inline: the first paint then waits for no second request, which on a
 * slow phone network is a round trip or two sooner.
 */
function inlineStylesheets(html: string, dist: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (tag, file: string) => {
    const css = readFileSync(path.join(dist, file), 'utf8');
    return css.length > 50_000 ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** The app's scripts, asked for at low priority (the shell, which needs them to show anything, keeps them high). */
const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, (tag, start: string, rest: string) =>
    rest.includes('fetchpriority') ? tag : `<${start}${rest} fetchpriority="low">`,
  );

function readTemplate(dist: string): Template {
  const html = inlineStylesheets(readFileSync(path.join(dist, 'index.html'), 'utf8'), dist);
  const head = /<!--app-head-->([\s\S]*?)<!--\/app-head-->/.exec(html);
  const body = html.indexOf('<!--app-html-->');
  const state = html.indexOf('<!--app-state-->');
  if (!head || body < 0 || state < body) {
    throw new Error(`${dist}/index.html lacks the <!--app-head-->, <!--app-html--> or <!--app-state--> markers: rebuild the web app`);
  }
  return {
    before: html.slice(0, head.index),
    headDefault: head[1] ?? '',
    between: html.slice(head.index + head[0].length, body),
    middle: html.slice(body + '<!--app-html-->'.length, state),
    after: html.slice(state + '<!--app-state-->'.length),
  };
}

/** For each page module (as the router names it), the chunks the browser needs to hydrate it, to preload. */
function preloadsByModule(dist: string): Map<string, string[]> {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  // The entry and the app it starts (src/boot.tsx) are what every page loads.
  const inEntry = entryKey ? closure(entryKey) : new Set<string>();
  for (const started of (entryKey && manifest[entryKey]?.dynamicImports) || []) closure(started, inEntry);
  const out = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    out.set(
      key,
      [...closure(key)].filter((k) => !inEntry.has(k)).map((k) => `/${manifest[k]?.file ?? ''}`),
    );
  }
  return out;
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
  log: (message: string) => void;
}

/** Server-rendered catalogue pages: HTML with the content, head tags and the Apollo state the browser hydrates from. */
export async function createPageRenderer(deps: PageRendererDeps) {
  const template = readTemplate(deps.dist);
  const preloads = preloadsByModule(deps.dist);
  const entry = deps.serverEntry ? ((await import(pathToFileURL(deps.serverEntry).href)) as ServerEntry) : null;

  const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...deps.headers };
  const shell = template.before + template.headDefault + template.between + template.middle + template.after;
  // A server-rendered page shows without its scripts: they come after the page's pictures.
  const ssrBefore = lowPriorityScripts(template.before);
  const ssrBetween = lowPriorityScripts(template.between);
  const sendShell = (res: Response) => {
    res.status(200).set(htmlHeaders).send(shell);
  };

  return async function page(req: Request, res: Response) {
    if (!entry || CLIENT_ONLY.test(req.path)) return sendShell(res);
    const key = `ssr:${req.originalUrl}`;
    const cached = deps.cache ? await deps.cache.get(key).catch(() => undefined) : undefined;
    if (cached) {
      const { status, html } = JSON.parse(cached) as { status: number; html: string };
      res.status(status).set({ ...htmlHeaders, 'X-Render-Cache': 'hit' });
      return void res.send(html);
    }
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    let result: RenderResult;
    try {
      result = await entry.render({
        url: req.originalUrl,
        origin: deps.origin,
        execute: deps.executor(res.locals.requestId as string | undefined),
        sanitize,
        shopName: deps.shopName,
        signal,
      });
    } catch (err) {
      // The browser can still render the page and show what failed, with a retry.
      deps.log(`[gateway] server rendering ${req.path} failed, serving the app shell: ${err instanceof Error ? err.message : String(err)}`);
      return sendShell(res);
    }
    if (result.kind === 'redirect') return void res.redirect(result.status, result.location);

    // The page's own chunks start loading with the app, not before (see web/src/main.tsx).
    const chunks = matchedModules(req.path).flatMap((m) => preloads.get(m) ?? []);
    const head = ssrBefore + result.head + ssrBetween;
    const tail =
      `${template.middle}<script type="application/json" id="__APOLLO_STATE__">${safeJson(result.state)}</script>` +
      `<script type="application/json" id="__PAGE_CHUNKS__">${safeJson(chunks)}</script>${template.after}`;

    res.status(result.status).set({ ...htmlHeaders, 'X-Render-Cache': 'miss' });
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
      if (deps.cache && (result.status === 200 || result.status === 404)) {
        void deps.cache
          .set(key, JSON.stringify({ status: result.status, html: Buffer.concat(parts).toString('utf8') }), { ttl: HTML_TTL_SECONDS })
          .catch(() => undefined);
      }
    });
    res.on('close', () => {
      if (!res.writableFinished) result.abort();
    });
    result.pipe(body);
  };
}

// The page modules of the router's lazy routes, by path (see web/src/app/router.tsx).
function matchedModules(pathname: string): string[] {
  if (/^\/product\/[^/]+\/?$/.test(pathname)) return ['src/features/product/product-page.tsx'];
  if (/^\/product\/?$/.test(pathname)) return ['src/features/catalog/store-page.tsx'];
  if (/^\/(blogs|blog\/[^/]+)\/?$/.test(pathname)) return ['src/features/blog/blogs-page.tsx'];
  if (/^\/contact\/?$/.test(pathname)) return ['src/features/contact/contact-page.tsx'];
  if (/^\/(about|best-sellers|support|compare-product|privacy-policy|refund-policy|shipping-policy|term-conditions)\/?$/.test(pathname)) {
    return ['src/features/pages/static-pages.tsx'];
  }
  return [];
}
