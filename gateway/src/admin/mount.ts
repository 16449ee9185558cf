import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { requestIdFrom } from '@digitic/server-kit';
import type { AxiosInstance } from 'axios';
import type express from 'express';
import type { GatewayConfig } from '../config/env.js';
import type { ShopDetailsSource } from '../shop-details.js';
import { type CatalogueSync, catchUpAfterMutations } from '../cache/catalogue-sync.js';
import { createGraphqlServer, graphqlHandler } from '../graphql/create-server.js';
import { readSchemaDir } from '../graphql/schema-files.js';
import { type TrustedDocuments, trustedDocuments } from '../security/trusted-documents.js';
import type { AdminContext } from './context.js';
import { staffApis } from './datasources/index.js';
import { adminResolvers } from './resolvers/index.js';

/** The staff schema: schema/admin/*.graphql, one file a domain, read in name order as one document. */
export const adminTypeDefs = readSchemaDir(new URL('../../../schema/admin/', import.meta.url));

/**
 * The session cookie and its CSRF token, both httpOnly: no script reads the token from a cookie. The back
 * office's page gets it written in when the gateway serves that page to a top-level navigation (static.ts),
 * and sends it back as X-CSRF-Token.
 */
export const SESSION_COOKIE = 'digitic_staff';
export const CSRF_COOKIE = 'digitic_staff_csrf';
/** However busy, a session ends this long after sign-in (the api's limit; its idle timeout is shorter). */
const SESSION_MAX_S = 12 * 60 * 60;

/**
 * A back-office cookie's value, or null. Two cookies of the name mean a script of the shop's origin wrote one
 * (any page may set a cookie under /admin/, which the browser sends before the gateway's): neither is believed,
 * so a planted session or token signs nobody in as someone else.
 */
export function cookie(req: express.Request, name: string): string | null {
  const found = (req.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .filter(([k]) => k === name);
  if (found.length !== 1) return null;
  try {
    return decodeURIComponent((found[0] as string[]).slice(1).join('='));
  } catch {
    return null;
  }
}

/** The back office's trusted documents; none at all when its manifest is not built (every document is then refused in production). */
function adminDocuments(file: string, log: (m: string) => void): TrustedDocuments {
  if (existsSync(file)) return trustedDocuments(file);
  log(`the back office's trusted documents (${file}) are not built: /admin/graphql runs none of them in production`);
  return { body: () => undefined, size: 0 };
}

/**
 * The staff schema at /admin/graphql: its own server (the same protections as the storefront's), no
 * response cache, no server rendering, introspection only outside production, and in production only
 * the back office's trusted documents. The session travels in cookies the api's answer to signIn sets.
 */
export async function mountAdmin(
  app: express.Express,
  deps: {
    config: GatewayConfig;
    http: AxiosInstance;
    /** The api to send a file to (one of several, in turn): its origin. */
    apiOrigin: () => string;
    /** The shop's own details (the owner's saved ones over the defaults). */
    shop: ShopDetailsSource;
    /** The catalogue change log's reader: a staff change is on the storefront's next page. */
    sync: CatalogueSync;
    cache: KeyValueCache<string>;
    log: (m: string) => void;
    documentsFile: string;
  },
) {
  const { config } = deps;
  const server = await createGraphqlServer<AdminContext>({
    typeDefs: adminTypeDefs,
    resolvers: adminResolvers,
    cache: deps.cache,
    production: config.production,
    introspection: !config.production,
    trusted: { documents: adminDocuments(deps.documentsFile, deps.log), mode: config.production ? 'only' : 'open' },
    responseCache: null,
    landingPage: false,
    plugins: [catchUpAfterMutations(deps.sync)],
  });
  const secure = config.production;
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/admin', maxAge: SESSION_MAX_S * 1000 };
  // Never framed, never anything but data: adminResponseHeaders (static.ts), mounted before it, says so for all of /admin.
  app.use(
    '/admin/graphql',
    ...graphqlHandler(server, {
      // The back office is same-origin only: no other site's page may call it.
      corsOrigins: [],
      vary: 'Cookie',
      // What a staff mutation's calls recorded in the change log (catchUpAfterMutations waits only for that).
      scope: (run) => deps.sync.run(deps.sync.newScope(), run),
      context: ({ req, res, requestId, requestFields }) => {
        res.set('Cache-Control', 'no-store');
        return {
          requestId: requestIdFrom(requestId),
          requestFields,
          shop: deps.shop,
          api: staffApis(
            deps.http,
            { token: cookie(req, SESSION_COOKIE), csrf: req.get('x-csrf-token') ?? null },
            { requestId, clientIp: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? null },
          ),
          session: {
            set(token, csrf) {
              res.cookie(SESSION_COOKIE, token, cookieOptions);
              res.cookie(CSRF_COOKIE, csrf, cookieOptions);
            },
            clear() {
              res.clearCookie(SESSION_COOKIE, { ...cookieOptions, maxAge: undefined });
              res.clearCookie(CSRF_COOKIE, { ...cookieOptions, maxAge: undefined });
            },
          },
        };
      },
    }),
  );
  // The catalogue as a file, out and in (an import is up to 10 MB: a file, not a GraphQL document). The
  // session cookie and the CSRF header go to the api, which checks them and the permission as for any
  // staff call; the body streams through unread.
  const file =
    (
      method: 'GET' | 'POST',
      upstream: string | ((req: express.Request) => string | null),
      query: readonly string[],
      options: { binary?: boolean } = {},
    ) =>
    async (req: express.Request, res: express.Response) => {
      const path = typeof upstream === 'string' ? upstream : upstream(req);
      if (path === null) {
        res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' });
        return;
      }
      const params = new URLSearchParams();
      for (const k of query) if (typeof req.query[k] === 'string') params.set(k, req.query[k]);
      const token = cookie(req, SESSION_COOKIE);
      const headers: Record<string, string> = {
        'X-Request-Id': res.locals.requestId as string,
        'X-Forwarded-For': req.ip ?? 'unknown',
        ...(token ? { Authorization: `Staff ${token}` } : {}),
      };
      for (const h of ['x-csrf-token', 'content-type', 'user-agent', 'content-length']) {
        const v = req.get(h);
        if (v) headers[h] = h === 'user-agent' ? v.slice(0, 300) : v;
      }
      // A photo is bytes, whatever type the browser guessed for the file (the api reads what it is).
      if (options.binary) headers['content-type'] = 'application/octet-stream';
      try {
        // Its own request, streamed, without the pool's timeout or retry: a retry could not send the body again,
        // and a large import may take longer than a page's call.
        const answer = await fetch(`${deps.apiOrigin()}/api/${path}?${params.toString()}`, {
          method,
          headers,
          ...(method === 'POST' ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
          signal: AbortSignal.timeout(300_000),
        });
        res.status(answer.status).set('Cache-Control', 'no-store');
        for (const h of ['content-type', 'content-disposition']) {
          const v = answer.headers.get(h);
          if (v) res.set(h, v);
        }
        res.send(Buffer.from(await answer.arrayBuffer()));
      } catch {
        res.status(502).json({ message: 'The shop api is unreachable right now', code: 'UPSTREAM_UNAVAILABLE' });
      }
    };
  app.get('/admin/files/catalogue.csv', file('GET', 'admin/catalogue/export', ['status', 'q', 'category', 'brand']));
  app.post('/admin/files/catalogue-import', file('POST', 'admin/catalogue/import', ['dryRun']));
  // Photos (up to PHOTO_MAX_MB): for products (catalogue:write) and blog posts (content:write); the api reads the bytes.
  app.post('/admin/files/product-photos', file('POST', 'admin/catalogue/photos', [], { binary: true }));
  app.post('/admin/files/blog-photos', file('POST', 'admin/content/photos', [], { binary: true }));
  // Tax invoices and credit notes (orders:read; each download in the audit trail).
  app.get(
    '/admin/files/tax-documents/:id/pdf',
    file(
      'GET',
      (req) => (/^[0-9a-f-]{36}$/i.test(String(req.params.id)) ? `admin/tax-documents/${String(req.params.id).toLowerCase()}/pdf` : null),
      [],
    ),
  );
  return server;
}
