import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What a page asked for before the shop can serve one says: plain words, and a reload a second later (no script). */
export const STARTING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="1">
<meta name="robots" content="noindex">
<title>Starting · Digitic</title>
</head>
<body>
<main>
<h1>The shop is starting</h1>
<p>This page opens by itself in a moment.</p>
</main>
</body>
</html>
`;

/** Paths that are not pages: the GraphQL endpoints, the api's proxy, health, metrics, the app's files, crawlers' files. */
const NOT_A_PAGE =
  /^\/(?:graphql|admin\/graphql|api|ready|health|metrics|assets|admin\/assets|graphiql|payment-simulator|robots\.txt|sitemap[^/]*\.xml)(?:\/|$)/i;

/** A browser opening a page names HTML in its Accept header; a script, a picture or a client's call does not. */
const wantsPage = (req: Request) => (req.headers.accept ?? '').includes('text/html');

/**
 * Until the shop can serve a page (an api of its has answered), a browser's page request is answered with a plain
 * "starting" page that reloads itself, not the bare app shell a render without the api would make (and log as an
 * error). `ready` is asked at each such request, so the first page after the api answers is the shop's. The page is
 * a 200, never stored (no-store): a proxy in front (deploy/nginx.conf) takes a 503 for a failed gateway and would set
 * both aside for a while just as the shop comes up. Everything else passes: a client's GraphQL call says for itself
 * that the api is not there.
 */
export function startingGate(ready: () => boolean | Promise<boolean>, headers: Record<string, string> = {}): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_A_PAGE.test(req.path) || !wantsPage(req)) return next();
    void Promise.resolve()
      .then(ready)
      .catch(() => false)
      .then((isReady) => {
        if (isReady) return next();
        res
          .status(200)
          .set({
            ...headers,
            'X-Content-Type-Options': 'nosniff',
            'Referrer-Policy': 'strict-origin-when-cross-origin',
            'Cache-Control': 'no-store',
            'Content-Type': 'text/html; charset=utf-8',
          })
          .send(STARTING_PAGE);
      });
  };
}
