import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import responseCachePlugin from '@apollo/server-plugin-response-cache';
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import compression from 'compression';
import cors from 'cors';
import express from 'express';
import { type DocumentNode, print } from 'graphql';
import type { GatewayConfig } from './config/env.js';
import { type GatewayContext, makeContext } from './context.js';
import { createUpstream } from './datasources/http.js';
import { forwardTo, imagePath, simulatorPath } from './proxy.js';
import { createPageRenderer, type PageRendererDeps } from './web/pages.js';
import { metricsEndpoint, requestId, requestLog } from '@digitic/server-kit';
import { pino, type Logger } from 'pino';
import { createGatewayMetrics } from './observability/metrics.js';
import { queryCostPlugin } from './security/query-cost.js';
import { trustedDocuments, trustedDocumentsPlugin } from './security/trusted-documents.js';
import { AUTH_LIMITS, authThrottle, type HitCounter, memoryCounter } from './security/throttle.js';
import { explorerRoutes } from './web/explorer.js';
import { pageSecurityHeaders } from './web/security-headers.js';
import { sitemapRoutes } from './web/sitemap.js';
import { hasIndex, staticFiles } from './web/static.js';
import { resolvers } from './resolvers/index.js';

/** The route label of a path: the shop's fixed endpoints by name, every storefront page as "page". */
function routeOf(path: string): string {
  if (/^\/(graphql|health|ready|metrics|robots\.txt|sitemap\.xml)$/.test(path)) return path;
  if (path.startsWith('/assets/')) return '/assets';
  if (path === '/graphiql' || path.startsWith('/graphiql/')) return '/graphiql';
  if (path.startsWith('/api/images/')) return '/api/images';
  if (path.startsWith('/payment-simulator/')) return '/payment-simulator';
  if (path.startsWith('/sitemaps/')) return '/sitemaps';
  return 'page';
}

export const typeDefs = readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8');

// Every error carries the request's correlation id; the api logs the same id.
const correlationPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        const errors = response.body.singleResult.errors;
        if (!errors) return;
        response.body.singleResult.errors = errors.map((e) => ({
          ...e,
          extensions: { ...e.extensions, requestId: contextValue.requestId },
        }));
      },
    };
  },
};

// A customer's answer changes with what they do next (a review, a wishlist heart): the browser keeps none,
// the app's own cache does. Public answers keep their max-age, for the browser and any cache in between.
const privateAnswersNotStored: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.http.headers.get('cache-control')?.includes('private'))
          response.http.headers.set('cache-control', 'private, no-store');
      },
    };
  },
};

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
    if (!req.accepts('html') || /^\/(graphql|api|payment-simulator|assets)(\/|$)/.test(req.path)) return next();
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

/** The most tokens a GraphQL document may have; longer ones are refused before they are parsed whole. */
export const MAX_TOKENS = 3000;

export async function createGateway(config: GatewayConfig, options: GatewayOptions = {}) {
  const logger = options.logger ?? pino({ level: 'silent' });
  const metrics = createGatewayMetrics();
  let draining = false;
  const armor = new ApolloArmor({
    maxDepth: { n: 7 },
    // Static cost: one store page of 100 products with every field is ~94, the home page ~250.
    costLimit: { maxCost: 1000 },
    maxAliases: { n: 15 },
    // The token limit is graphql-js's own (parseOptions below): armor's parses the document a second time
    // in a plugin hook, where a client's syntax error became a 500.
    maxTokens: { enabled: false },
    maxDirectives: { n: 30 },
    blockFieldSuggestion: { enabled: config.production },
  }).protect();
  // Redis's client is loaded only when the shop uses Redis (a fifth of the gateway's modules otherwise idle in memory).
  const redis = config.redisUrl ? await import('./security/redis-stores.js') : null;
  const cache: KeyValueCache<string> =
    options.cache ??
    (redis && config.redisUrl
      ? redis.redisCache(config.redisUrl, `${config.redisPrefix}-gateway`)
      : new InMemoryLRUCache<string>({
          // Sized in bytes as memory holds them (a string may take two a character, its key too, and each
          // entry some more), not in characters: 64 MiB of pages is then 64 MiB of memory, not twice that.
          maxSize: 64 * 1024 * 1024,
          sizeCalculation: (value: string, key: string) => 2 * (value.length + key.length) + 64,
        }));

  const server = new ApolloServer<GatewayContext>({
    // A document of more than 3,000 tokens is refused while it is parsed, as a syntax error (400).
    parseOptions: { maxTokens: MAX_TOKENS },
    typeDefs,
    resolvers,
    cache,
    introspection: config.introspection,
    // server.ts stops Apollo once the HTTP server has drained: Apollo's own SIGTERM handler would stop
    // it at once and fail every operation still arriving or in flight with a 500 (nginx test caught it).
    stopOnTerminationSignals: false,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: !config.production,
    validationRules: armor.validationRules,
    formatError(formatted) {
      const code = formatted.extensions?.code;
      // Unexpected failures never show their internals in production.
      if (config.production && (code === 'INTERNAL_SERVER_ERROR' || code === undefined)) {
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
      return formatted;
    },
    plugins: [
      // First: the others' requestDidStart see the document a trusted id stands for.
      trustedDocumentsPlugin<GatewayContext>(trustedDocuments(config.trustedDocuments.file), config.trustedDocuments.mode),
      // graphql-armor's typings come from Apollo's CommonJS build; the plugins are the same objects.
      ...(armor.plugins as unknown as ApolloServerPlugin<GatewayContext>[]),
      queryCostPlugin<GatewayContext>(),
      metrics.plugin<GatewayContext>(),
      correlationPlugin,
      // Named here (Apollo Server would add it last) so that the headers it writes are seen by the next plugin.
      ApolloServerPluginCacheControl(),
      privateAnswersNotStored,
      config.production ? ApolloServerPluginLandingPageDisabled() : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
      ...(!config.responseCache
        ? []
        : [
            responseCachePlugin<GatewayContext>({
              // Only anonymous requests read or fill the shared cache: nothing of one customer reaches another.
              sessionId: async () => null,
              shouldReadFromCache: async ({ contextValue }) => contextValue.token === null,
              shouldWriteToCache: async ({ contextValue }) => contextValue.token === null,
            }),
          ]),
    ],
  });
  await server.start();

  const http = createUpstream(config.shopApiUrls, config.upstreamTimeoutMs);
  const stopWatching = http.watch();
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
    cors({ origin: config.corsOrigins.length > 0 ? config.corsOrigins : false, credentials: false }),
    // Queries may come as GET (the web app's trusted ids) and be kept by the browser: one customer's answer
    // is never another's, nor a guest's.
    (_req: express.Request, res: express.Response, next: express.NextFunction) => {
      res.vary('Authorization');
      next();
    },
    express.json({ limit: '100kb' }),
    expressMiddleware(server, {
      context: async ({ req, res }) =>
        context({
          authorization: req.get('authorization'),
          requestId: res.locals.requestId as string,
          clientIp: req.ip ?? 'unknown',
          requestFields: res.locals.logFields as Record<string, unknown>,
        }),
    }),
  );
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
  if (config.razorpay.simulated) {
    // The simulator's widget and its pay/decline calls, from the shop's own origin (never in production).
    const sim = forwardTo(config.razorpay.simulatorUrl, config.upstreamTimeoutMs, simulatorPath);
    app.use('/payment-simulator', express.json({ limit: '16kb' }), (req, res) => sim(req, res));
  }
  const htmlCache = config.responseCache && config.pageCacheSeconds > 0 ? cache : null;
  app.use(sitemapRoutes({ origin: config.publicUrl, api: () => context({}).api, cache: htmlCache }));
  if (config.webDist) {
    await serveWebApp(app, {
      config,
      dist: config.webDist,
      page: {
        dist: path.resolve(config.webDist),
        origin: config.publicUrl,
        shopName: config.shop.name,
        cache: htmlCache,
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
    async stop() {
      stopWatching();
      await server.stop();
      if (!options.counter) await counter.close();
    },
  };
}
