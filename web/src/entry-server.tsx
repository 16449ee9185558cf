// The server renderer: the gateway imports this build (vite build --ssr) and renders the guest
// catalogue routes with the same routes, components and Apollo queries as the browser.
import {
  ApolloClient,
  ApolloLink,
  ApolloProvider,
  DocumentTransform,
  getApolloContext,
  InMemoryCache,
  Observable,
  type FetchResult,
} from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { RenderPromises } from '@apollo/client/react/ssr';
import type { DocumentNode } from 'graphql';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { type HeadCollector, HeadContext, renderHeadTags } from './lib/head';
import { loadShellData } from './app/layout';
import { type PageHandle, routes } from './app/router';
import { loadData as loadHomeData } from './features/home/home-page';
import { ServerSanitizer } from './components/safe-html';
import { cacheConfig } from './lib/apollo';
import type { LoadPageData } from './lib/page-data';
import type { Execute, PageDescription, RenderOptions, RenderResult, ServerEntry } from './server-contract';

/** A query that failed while rendering: the gateway serves the plain app instead, which shows the error and a retry. */
export class RenderDataError extends Error {}

const handler = createStaticHandler(routes);

// Each page has a cache of its own, and each cache would add __typename to the app's documents anew (a
// walk of every document, every page). The documents are the same on every page: they are transformed once.
const withTypenames = new DocumentTransform(addTypenameToDocument);
class OnePageCache extends InMemoryCache {
  override transformDocument(document: DocumentNode): DocumentNode {
    return withTypenames.transformDocument(document);
  }
}
const ApolloContext = getApolloContext();

/** Runs the app's operations in the gateway's process; notes any asked for once the render has begun. */
function inProcessLink(execute: Execute, failures: unknown[], phase: { rendering: boolean; late: string[] }) {
  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        if (phase.rendering) phase.late.push(operation.operationName || 'anonymous');
        execute({ query: operation.query, variables: operation.variables, operationName: operation.operationName })
          .then((result) => {
            if (result.errors?.length) throw new RenderDataError(result.errors.map((e) => e.message).join('; '));
            observer.next(result);
            observer.complete();
          })
          .catch((err: unknown) => {
            failures.push(err);
            observer.error(err);
          });
      }),
  );
}

// Each page module's `loadData` (lib/page-data.ts), by the module name its route's handle gives.
const pageModules = import.meta.glob<{ loadData?: LoadPageData }>('./features/*/*-page.tsx');
const loaderOf = async (module: string): Promise<LoadPageData | undefined> =>
  (await pageModules[`./${module.slice('src/'.length)}`]?.())?.loadData;

/**
 * A path as a browser (and `render`'s URL) reads it, with one "/" between segments: "\" is "/", dot
 * segments are resolved, tabs and newlines dropped. Read under a host of its own, so `//x/…` is never a host.
 */
function normalisedPath(pathname: string): string {
  let read: string;
  try {
    read = new URL(`http://shop.invalid/${pathname}`).pathname;
  } catch {
    read = `/${pathname}`;
  }
  return read.replace(/\/{2,}/g, '/');
}

/** The routes a path matches, the not-found route (`*`) when no other. */
const matchesOf = (pathname: string) => matchRoutes(routes, pathname) ?? [];
const handlesOf = (matches: ReturnType<typeof matchesOf>) =>
  matches.flatMap(({ route }) => (route.handle ? [route.handle as PageHandle] : []));

/** The page modules a path shows and whether the server renders it (the home and not-found pages are in the app itself). */
export function describePage(pathname: string): PageDescription {
  const handles = handlesOf(matchesOf(pathname));
  return {
    modules: handles.map((h) => h.module),
    serverRendered: handles.every((h) => h.serverRendered),
    query: [...new Set(handles.flatMap((h) => h.query))].sort(),
  };
}

/**
 * The one spelling of the page a path shows (see server-contract.ts): the matched routes' segments as
 * declared, their parameters lowercased on server-rendered pages (product and blog ids are UUIDs, which
 * the api reads in any case), no "/" at the end. A path no route has keeps its own spelling, normalised.
 */
export function canonicalPath(pathname: string): string {
  const path = normalisedPath(pathname);
  const matches = matchesOf(path);
  const lower = handlesOf(matches).every((h) => h.serverRendered);
  const segments: string[] = [];
  for (const { route, params } of matches) {
    for (const segment of (route.path ?? '').split('/')) {
      if (segment === '*') return path;
      if (!segment.startsWith(':')) {
        if (segment) segments.push(segment);
        continue;
      }
      const value = params[segment.slice(1).replace(/\?$/, '')];
      if (value !== undefined) segments.push(encodeURIComponent(lower ? value.toLowerCase() : value));
    }
  }
  return matches.length > 0 ? `/${segments.join('/')}` : path;
}

/**
 * One page, rendered once: the page's data (its shell's and its own, see lib/page-data.ts) is fetched
 * first, then React renders the tree a single time, streaming, with every query answered from the cache.
 */
export async function render(options: RenderOptions): Promise<RenderResult> {
  // `//host/…` (or `/\host`, or a tab between the slashes) would be another site's address: only a path renders.
  const url = new URL(options.url, options.origin);
  if (!/^\/(?![/\\])/.test(options.url) || url.origin !== new URL(options.origin).origin) {
    throw new RangeError(`render takes a path beginning with one "/", not ${JSON.stringify(options.url.slice(0, 100))}`);
  }
  const asked = options.url.split(/[?#]/)[0] ?? '';
  const request = new Request(url, { signal: options.signal });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const failures: unknown[] = [];
  const phase = { rendering: false, late: [] as string[] };
  const client = new ApolloClient({
    ssrMode: true,
    link: inProcessLink(options.execute, failures, phase),
    cache: new OnePageCache(cacheConfig),
  });

  const params = Object.assign({}, ...context.matches.map((m) => m.params)) as Record<string, string | undefined>;
  let madeUp = false;
  const madeUpAddress = () => {
    madeUp = true;
  };
  const loaders: LoadPageData[] = [loadShellData];
  if (context.matches.some((m) => m.route.index)) loaders.push(loadHomeData);
  for (const m of context.matches) {
    const handle = m.route.handle as PageHandle | undefined;
    const load = handle && (await loaderOf(handle.module));
    if (load) loaders.push(load);
  }
  await Promise.all(loaders.map((load) => load({ client, params, search: url.searchParams, madeUpAddress }))).catch((err: unknown) => {
    failures.push(err);
  });
  if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : new RenderDataError(String(failures[0]));

  let passes = 0;
  const Counted = ({ children }: { children: ReactNode }) => {
    passes += 1;
    return children;
  };
  const collector: HeadCollector = { head: {}, status: context.statusCode };
  // Apollo's hooks tell this registry of any query they could not answer from the cache.
  const renderPromises = new RenderPromises();
  phase.rendering = true;
  return new Promise<RenderResult>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <Counted>
        <ApolloContext.Provider value={{ renderPromises }}>
          <ApolloProvider client={client}>
            <HeadContext.Provider value={collector}>
              <ServerSanitizer.Provider value={options.sanitize}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </ServerSanitizer.Provider>
            </HeadContext.Provider>
          </ApolloProvider>
        </ApolloContext.Provider>
      </Counted>,
      {
        // Every Suspense boundary in place, however large: React would otherwise send a large one after the
        // rest with an inline script to move it in, which the page's CSP (script-src 'self') refuses. The
        // boundaries are for hydration in pieces (components/hydrate-when-visible.tsx), not for streaming.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          // A hook whose answer was not in the cache rendered its loading state (and registered here): its
          // page's loadData misses it.
          if (renderPromises.hasPromises()) {
            for (const query of client.getObservableQueries('all').values()) {
              const skipped = query.options.fetchPolicy === 'standby';
              const name = query.queryName ?? 'anonymous';
              if (!skipped && query.getCurrentResult(false).data === undefined && !phase.late.includes(name)) phase.late.push(name);
            }
          }
          renderPromises.stop();
          resolve({
            kind: 'page',
            status: collector.status,
            head: renderHeadTags(collector.head, options.origin, options.shopName),
            state: client.extract(),
            renderPasses: passes,
            lateQueries: phase.late,
            // Only the page's one spelling goes into the cache, and only as its loadData took it.
            cacheable: collector.status === 200 && !madeUp && canonicalPath(asked) === asked,
            pipe: (out) => stream.pipe(out),
            abort: () => stream.abort(),
          });
        },
        onShellError: reject,
      },
    );
  });
}

// The gateway relies on this module offering the server contract; the compiler checks it here.
void ({ render, describePage, canonicalPath } satisfies ServerEntry);
