import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import { metricsEndpoint } from '@digitic/server-kit';
import express from 'express';
import { pino, type Logger } from 'pino';
import { mountAdmin } from './admin/mount.js';
import { adminResponseHeaders, adminStaticRoutes } from './admin/static.js';
import { createSharedCache } from './cache/shared-cache.js';
import { compressAnswers } from './compression.js';
import type { GatewayConfig } from './config/env.js';
import { makeContext } from './context.js';
import { apiShopDetails } from './shop-details.js';
import { createUpstream } from './datasources/http.js';
import { inProcessExecutor } from './graphql/in-process.js';
import { createStorefrontServer, mountStorefrontGraphql } from './graphql/storefront.js';
import { mountHealth } from './observability/health.js';
import { createGatewayMetrics } from './observability/metrics.js';
import { requestLogging } from './observability/request-log.js';
import { mountProxyRoutes } from './proxy-routes.js';
import { attemptCounter, shopThrottle } from './security/attempt-counter.js';
import { sharedResponseHeaders } from './security/response-headers.js';
import type { HitCounter } from './security/throttle.js';
import { explorerRoutes } from './web/explorer.js';
import { sitemapRoutes } from './web/sitemap.js';
import { serveWebApp } from './web/web-app.js';
import type { PageRenderer } from './web/pages.js';
import { productPreviewRoute } from './admin/product-preview.js';

export { MAX_TOKENS } from './graphql/create-server.js';
export { typeDefs } from './graphql/storefront.js';

export interface GatewayOptions {
  cache?: KeyValueCache<string>;
  counter?: HitCounter;
  /** Where request lines go; silent when not given (tests). */
  logger?: Logger;
}

/** The gateway: its pieces built, then mounted in the order a request meets them. */
export async function createGateway(config: GatewayConfig, options: GatewayOptions = {}) {
  const logger = options.logger ?? pino({ level: 'silent' });
  const metrics = createGatewayMetrics();
  // Redis's client is loaded only when the shop uses Redis (a fifth of the gateway's modules otherwise idle in memory).
  const redis = config.redisUrl ? await import('./security/redis-stores.js') : null;
  const http = createUpstream(config.shopApiUrls, config.upstreamTimeoutMs);
  const { sync, cache } = createSharedCache({ config, http, redis, given: options.cache, log: (m) => logger.warn(m) });
  const server = await createStorefrontServer({ config, cache, metrics, sync });

  const stopWatching = http.watch();
  await sync.start();
  // Webhooks and pictures go to the api whose turn it is, like the GraphQL calls.
  const apiOrigin = () => (http.pool.next() ?? config.shopApiUrl).replace(/\/api\/?$/, '');
  metrics.instrument(http);
  const counter = options.counter ?? (await attemptCounter(config, redis));
  const shop = apiShopDetails({ http, config, sync, log: (m) => logger.warn(m) });
  const context = makeContext({ http, config, throttle: shopThrottle(config, counter), shop });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(...requestLogging(logger, metrics));
  app.get('/metrics', metricsEndpoint(metrics.registry, { token: config.metricsToken, production: config.production }));
  app.use(compressAnswers());
  app.use(sharedResponseHeaders);
  // Before anything else under /admin (in any case of the path, as the routes there match): no answer there may be framed.
  app.use('/admin', adminResponseHeaders);
  const health = mountHealth(app, { http, upstreamTimeoutMs: config.upstreamTimeoutMs });
  mountStorefrontGraphql(app, { server, config, sync, context });
  // The back office's schema, staff only, beside the storefront's.
  const adminServer = await mountAdmin(app, {
    config,
    http,
    apiOrigin,
    shop,
    sync,
    cache: new InMemoryLRUCache<string>({ maxSize: 8 * 1024 * 1024 }),
    log: (m) => logger.warn(m),
    documentsFile: config.adminTrustedDocumentsFile,
  });
  // A product's page with an editor's unsaved fields, opened from the back office (the storefront renders it).
  const executor = inProcessExecutor(server, context);
  let renderer: PageRenderer | null = null;
  app.post('/admin/preview/product/:id', ...productPreviewRoute({ http, renderer: () => renderer, executor }));
  app.use(adminStaticRoutes(config.adminDist, config.shop.timeZone));
  if (config.explorerDist) app.use(explorerRoutes(config.explorerDist));
  mountProxyRoutes(app, { config, apiOrigin });
  const htmlCache = config.responseCache && config.pageCacheSeconds > 0 ? cache : null;
  app.use(sitemapRoutes({ origin: config.publicUrl, api: () => context({}).api, cache: htmlCache, sync }));
  if (config.webDist) {
    renderer = await serveWebApp(app, {
      config,
      dist: config.webDist,
      cache: htmlCache,
      sync,
      shop,
      log: (m) => logger.error(m),
      executor,
    });
  }
  return {
    app,
    server,
    metrics,
    /** Readiness answers 503 from now on (a stopping process takes no new work). */
    drain() {
      health.drain();
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
