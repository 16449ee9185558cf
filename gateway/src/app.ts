import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { CatalogueChangesRecord } from '@digitic/rest-contract';
import { CatalogueSync, taggedCache } from './cache/catalogue-sync.js';
import compression from 'compression';
import express from 'express';
import { type DocumentNode, print } from 'graphql';
import type { GatewayConfig } from './config/env.js';
import { type GatewayContext, makeContext } from './context.js';
import { createUpstream } from './datasources/http.js';
import { forwardTo, imagePath, photoPath, simulatorPath } from './proxy.js';
import { mountAdmin } from './admin/mount.js';
import { adminResponseHeaders, adminStaticRoutes } from './admin/static.js';
import { createGraphqlServer, graphqlHandler } from './graphql/create-server.js';
import { createPageRenderer, type PageRendererDeps } from './web/pages.js';
import { metricsEndpoint, requestId, requestLog } from '@digitic/server-kit';
import { pino, type Logger } from 'pino';
import { createGatewayMetrics } from './observability/metrics.js';
import { trustedDocuments } from './security/trusted-documents.js';
import { AUTH_LIMITS, authThrottle, type HitCounter, memoryCounter } from './security/throttle.js';
import { explorerRoutes } from './web/explorer.js';
import { pageSecurityHeaders } from './web/security-headers.js';
import { sitemapRoutes } from './web/sitemap.js';
import { hasIndex, staticFiles } from './web/static.js';
import { resolvers } from './resolvers/index.js';

/** The route label of a path: the shop's fixed endpoints by name, every storefront page as "page". */
function routeOf(path: string): string {
  if (/^\/(graphql|admin\/graphql|health|ready|metrics|robots\.txt|sitemap\.xml)$/.test(path)) return path;
  if (path.startsWith('/assets/')) return '/assets';
  if (path === '/graphiql' || path.startsWith('/graphiql/')) return '/graphiql';
  if (path === '/admin' || path.startsWith('/admin/')) return '/admin';
  if (path.startsWith('/api/images/')) return '/api/images';
  if (path.startsWith('/payment-simulator/')) return '/payment-simulator';
  if (path.startsWith('/sitemaps/')) return '/sitemaps';
  return 'page';
}

export const typeDefs = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');

/** The built storefront: precompressed static files, and every page path answered with server-rendered HTML. */
async function serveWebApp(
  app: express.Express,
  deps: { config: GatewayConfig; dist: string; page: Omit<PageRendererDeps, 'serverEntry'> },
) {
  const root = path.resolve(deps.dist);
  if (!hasIndex(root)) throw new Error(`WEB_DIST is ${deps.dist}, but it has no index.html: run npm run build first`);
  if (deps.config.ssrEntry && !existsSync(deps.config.ssrEntry)) {
    throw new Error(`The server renderer ${deps.config.ssrEntry} is missing: run npm run build, or set SSR=off`);
  }
  app.use(staticFiles(root));
  const page = await createPageRenderer({ ...deps.page, serverEntry: deps.config.ssrEntry });
  app.get('/{*page}', (req, res, next) => {
    if (!req.accepts('html') || /^\/(graphql|api|payment-simulator|assets|admin)(\/|$)/i.test(req.path)) return next();
    page(req, res).catch(next);
  });
}

// The web app's documents are module constants: each is printed once, not on every page.
const printedDocuments = new WeakMap<DocumentNode, string>();
function printed(document: DocumentNode): string {
  let text = printedDocuments.get(document);
  if (text === undefined) {
    text = print(document);
    printedDocuments.set(document, text);
  }
  return text;
}

export interface GatewayOptions {
  cache?: KeyValueCache<string>;
  counter?: HitCounter;
  /** Where request lines go; silent when not given (tests). */
  logger?: Logger;
}

export { MAX_TOKENS } from './graphql/create-server.js';

export async function createGateway(config: GatewayConfig, options: GatewayOptions = {}) {
  const logger = options.logger ?? pino({ level: 'silent' });
  const metrics = createGatewayMetrics();
  let draining = false;
  // Redis's client is loaded only when the shop uses Redis (a fifth of the gateway's modules otherwise idle in memory).
  const redis = config.redisUrl ? await import('./security/redis-stores.js') : null;
  const http = createUpstream(config.shopApiUrls, config.upstreamTimeoutMs);
  // What is cached of the catalogue goes as soon as the api's change log says it changed (cache/catalogue-sync.ts).
  const sync = new CatalogueSync({
    intervalMs: config.catalogueSyncMs,
    changes: async (after) => (await http.get<CatalogueChangesRecord>('catalogue/changes', { params: { after } })).data,
    log: (m) => logger.warn(m),
  });
  const store: KeyValueCache<string> =
    options.cache ??
    (redis && config.redisUrl
      ? // Entries carry the change log's tags and point (cache/catalogue-sync.ts): a namespace of their own, so a
        // gateway of the previous release, running beside this one during an upgrade, never reads one.
        redis.redisCache(config.redisUrl, `${config.redisPrefix}-gateway-tagged`)
      : new InMemoryLRUCache<string>({
          // Sized in bytes as memory holds them (a string may take two a character, its key too, and each
          // entry some more), not in characters: 64 MiB of pages is then 64 MiB of memory, not twice that.
          maxSize: 64 * 1024 * 1024,
          sizeCalculation: (value: string, key: string) => 2 * (value.length + key.length) + 64,
        }));
  const cache = taggedCache(store, sync);

  const server = await createGraphqlServer<GatewayContext>({
    typeDefs,
    resolvers,
    cache,
    production: config.production,
    introspection: config.introspection,
    trusted: { documents: trustedDocuments(config.trustedDocuments.file), mode: config.trustedDocuments.mode },
    responseCache: config.responseCache ? { anonymous: (c) => c.token === null } : null,
    plugins: [metrics.plugin<GatewayContext>()],
  });

  const stopWatching = http.watch();
  await sync.start();
  // Webhooks and pictures go to the api whose turn it is, like the GraphQL calls.
  const apiOrigin = () => (http.pool.next() ?? config.shopApiUrl).replace(/\/api\/?$/, '');
  metrics.instrument(http);
  const counter =
    options.counter ??
    (redis && config.redisUrl ? await redis.redisCounter(config.redisUrl, `${config.redisPrefix}:throttle:`) : memoryCounter());
  const context = makeContext({
    http,
    config,
    throttle: authThrottle(counter, {
      ...AUTH_LIMITS,
      registrationsPerClient: { ...AUTH_LIMITS.registrationsPerClient, limit: config.signupLimitPerClient },
    }),
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // Every answer names its request id (the caller's X-Request-Id when well-formed), as the api's do; the api gets the same id.
  app.use(requestId, (_req, res, next) => {
    res.locals.logFields = {};
    next();
  });
  app.use(
    requestLog(
      logger,
      (r) => metrics.observeRequest(r),
      (req, res) => ({
        route: routeOf(req.originalUrl.split('?')[0] ?? ''),
        extra: res.locals.logFields as Record<string, unknown>,
      }),
    ),
  );
  app.get('/metrics', metricsEndpoint(metrics.registry, { token: config.metricsToken, production: config.production }));
  // Brotli or gzip for every text answer that is not already compressed (the build's files are, on disk).
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }));
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
    next();
  });
  // Before anything else under /admin (in any case of the path, as the routes there match): no answer there may be framed.
  app.use('/admin', adminResponseHeaders);
  // Liveness: the process answers. Readiness: it can serve shoppers, so the api behind it answers too.
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    if (draining) {
      res.status(503).json({ status: 'draining', message: 'The gateway is shutting down', code: 'UPSTREAM_UNAVAILABLE' });
      return;
    }
    try {
      await http.get('health', { timeout: Math.min(config.upstreamTimeoutMs, 2_000) });
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'not ready', message: 'The shop api is unreachable', code: 'UPSTREAM_UNAVAILABLE' });
    }
  });
  app.use(
    '/graphql',
    ...graphqlHandler(server, {
      corsOrigins: config.corsOrigins,
      vary: 'Authorization',
      scope: (run) => sync.run(sync.newScope(), run),
      context: ({ req, requestId, requestFields }) =>
        context({ authorization: req.get('authorization'), requestId, clientIp: req.ip ?? 'unknown', requestFields }),
    }),
  );
  // The back office's schema, staff only, beside the storefront's.
  const adminServer = await mountAdmin(app, {
    config,
    http,
    apiOrigin,
    cache: new InMemoryLRUCache<string>({ maxSize: 8 * 1024 * 1024 }),
    log: (m) => logger.warn(m),
    documentsFile: config.adminTrustedDocumentsFile,
  });
  app.use(adminStaticRoutes(config.adminDist));
  if (config.explorerDist) app.use(explorerRoutes(config.explorerDist));
  // Razorpay's webhooks may be pointed at the shop's public address: the raw body and the signature go to the api untouched.
  app.post(
    '/api/payments/razorpay/webhook',
    express.raw({ type: () => true, limit: '256kb' }),
    forwardTo(apiOrigin, config.upstreamTimeoutMs, () => '/api/payments/razorpay/webhook', {
      raw: true,
      headers: ['x-razorpay-signature', 'x-razorpay-event-id', 'user-agent'],
    }),
  );
  // Product and blog pictures live in the api; the shop serves them from its own origin.
  app.get('/api/images/{*path}', forwardTo(apiOrigin, config.upstreamTimeoutMs, imagePath));
  app.get('/api/photos/{*path}', forwardTo(apiOrigin, config.upstreamTimeoutMs, photoPath));
  if (config.razorpay.simulated) {
    // The simulator's widget and its pay/decline calls, from the shop's own origin (never in production).
    const sim = forwardTo(config.razorpay.simulatorUrl, config.upstreamTimeoutMs, simulatorPath);
    app.use('/payment-simulator', express.json({ limit: '16kb' }), (req, res) => sim(req, res));
  }
  const htmlCache = config.responseCache && config.pageCacheSeconds > 0 ? cache : null;
  app.use(sitemapRoutes({ origin: config.publicUrl, api: () => context({}).api, cache: htmlCache, sync }));
  if (config.webDist) {
    await serveWebApp(app, {
      config,
      dist: config.webDist,
      page: {
        dist: path.resolve(config.webDist),
        origin: config.publicUrl,
        shopName: config.shop.name,
        cache: htmlCache,
        sync,
        cacheSeconds: config.pageCacheSeconds,
        log: (m) => logger.error(m),
        headers: pageSecurityHeaders(config),
        // The pages' queries run in this process, through the same schema, limits and cache as /graphql.
        // One context (so one set of DataLoaders) for all the queries of one page.
        executor: (requestId) => {
          const contextValue = context({ requestId });
          return async ({ query, variables, operationName }) => {
            // As text, so Apollo's document store answers with the parsed and validated query after the first time.
            const response = await server.executeOperation({ query: printed(query), variables, operationName }, { contextValue });
            if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the shop');
            return response.body.singleResult;
          };
        },
      },
    });
  }
  return {
    app,
    server,
    metrics,
    /** Readiness answers 503 from now on (a stopping process takes no new work). */
    drain() {
      draining = true;
    },
    /** The catalogue change log's reader (tests read it at once instead of waiting for its timer). */
    sync,
    async stop() {
      sync.stop();
      stopWatching();
      await server.stop();
      await adminServer.stop();
      if (!options.counter) await counter.close();
    },
  };
}
