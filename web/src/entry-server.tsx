// The server renderer: the gateway imports this build (vite build --ssr) and renders the guest
// catalogue routes with the same routes, components and Apollo queries as the browser.
import { ApolloClient, ApolloLink, ApolloProvider, Observable, type FetchResult } from '@apollo/client';
import { getDataFromTree } from '@apollo/client/react/ssr';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { type HeadCollector, HeadContext, renderHeadTags } from './lib/head';
import { type PageHandle, routes } from './app/router';
import { ServerSanitizer } from './components/safe-html';
import { createCache } from './lib/apollo';
import type { Execute, PageDescription, RenderOptions, RenderResult, ServerEntry } from './server-contract';

/** A query that failed while rendering: the gateway serves the plain app instead, which shows the error and a retry. */
export class RenderDataError extends Error {}

const handler = createStaticHandler(routes);

function inProcessLink(execute: Execute, failures: unknown[]) {
  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
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

/** The page modules a path shows and whether the server renders it (the home and not-found pages are in the app itself). */
export function describePage(pathname: string): PageDescription {
  const handles = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => (route.handle ? [route.handle as PageHandle] : []));
  return {
    modules: handles.map((h) => h.module),
    serverRendered: handles.every((h) => h.serverRendered),
    query: [...new Set(handles.flatMap((h) => h.query))].sort(),
  };
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  const request = new Request(new URL(options.url, options.origin), { signal: options.signal });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const failures: unknown[] = [];
  const client = new ApolloClient({ ssrMode: true, link: inProcessLink(options.execute, failures), cache: createCache() });
  const app = (collector: HeadCollector): ReactNode => (
    <ApolloProvider client={client}>
      <HeadContext.Provider value={collector}>
        <ServerSanitizer.Provider value={options.sanitize}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ServerSanitizer.Provider>
      </HeadContext.Provider>
    </ApolloProvider>
  );

  await getDataFromTree(app({ head: {}, status: 200 }));
  if (failures.length > 0) throw failures[0] instanceof Error ? failures[0] : new RenderDataError(String(failures[0]));

  const collector: HeadCollector = { head: {}, status: context.statusCode };
  return new Promise<RenderResult>((resolve, reject) => {
    const stream = renderToPipeableStream(app(collector), {
      onShellReady() {
        resolve({
          kind: 'page',
          status: collector.status,
          head: renderHeadTags(collector.head, options.origin, options.shopName),
          state: client.extract(),
          pipe: (out) => stream.pipe(out),
          abort: () => stream.abort(),
        });
      },
      onShellError: reject,
    });
  });
}

// The gateway relies on this module offering the server contract; the compiler checks it here.
void ({ render, describePage } satisfies ServerEntry);
