import { existsSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';
import type { GatewayConfig } from '../config/env.js';
import { createPageRenderer, type PageRendererDeps } from './pages.js';
import { pageSecurityHeaders } from './security-headers.js';
import { hasIndex, staticFiles } from './static.js';

/** The built storefront (WEB_DIST): precompressed static files, and every page path answered with server-rendered HTML. */
export async function serveWebApp(
  app: express.Express,
  deps: { config: GatewayConfig; dist: string } & Pick<PageRendererDeps, 'cache' | 'sync' | 'log' | 'executor' | 'shop'>,
) {
  const { config, dist } = deps;
  const root = path.resolve(dist);
  if (!hasIndex(root)) throw new Error(`WEB_DIST is ${dist}, but it has no index.html: run npm run build first`);
  if (config.ssrEntry && !existsSync(config.ssrEntry)) {
    throw new Error(`The server renderer ${config.ssrEntry} is missing: run npm run build, or set SSR=off`);
  }
  app.use(staticFiles(root));
  const page = await createPageRenderer({
    dist: root,
    serverEntry: config.ssrEntry,
    origin: config.publicUrl,
    shop: deps.shop,
    cache: deps.cache,
    sync: deps.sync,
    cacheSeconds: config.pageCacheSeconds,
    renderConcurrency: config.renderConcurrency,
    log: deps.log,
    headers: pageSecurityHeaders(config),
    executor: deps.executor,
  });
  app.get('/{*page}', (req, res, next) => {
    if (!req.accepts('html') || /^\/(graphql|api|payment-simulator|assets|admin)(\/|$)/i.test(req.path)) return next();
    page(req, res).catch(next);
  });
  return page;
}
