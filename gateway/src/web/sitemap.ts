import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { CatalogueSync } from '../cache/catalogue-sync.js';
import type { Request, Response } from 'express';
import { Router } from 'express';
import type { ShopApis } from '../datasources/index.js';

const STATIC_PATHS = [
  '/',
  '/product',
  '/blogs',
  '/about',
  '/contact',
  '/best-sellers',
  '/support',
  '/compare-product',
  '/privacy-policy',
  '/refund-policy',
  '/shipping-policy',
  '/term-conditions',
];
const TTL_SECONDS = 600;
/** How long a crawler or a cache in between may keep a sitemap: a product archived leaves it within a minute there. */
const BROWSER_SECONDS = 60;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const urlset = (entries: { loc: string; lastmod?: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

/**
 * robots.txt and the sitemap: an index (/sitemap.xml) of the pages, the blogs and the products in pages of
 * 5000 (/sitemaps/products-N.xml), read from the api and kept for ten minutes.
 */
export function sitemapRoutes(deps: { origin: string; api: () => ShopApis; cache: KeyValueCache<string> | null; sync: CatalogueSync }) {
  const abs = (p: string) => new URL(p, deps.origin).href;
  // Kept until the catalogue changes what it lists (a product made, archived or restored; a blog), or ten minutes.
  const cached = (key: string, make: () => Promise<string>) =>
    deps.sync.run(deps.sync.newScope(), async () => {
      const hit = deps.cache ? await deps.cache.get(key).catch(() => undefined) : undefined;
      if (hit) return hit;
      const made = await make();
      if (deps.cache) await deps.cache.set(key, made, { ttl: TTL_SECONDS }).catch(() => undefined);
      return made;
    });
  const send = (res: Response, type: string, body: string) =>
    res.set({ 'Content-Type': type, 'Cache-Control': `public, max-age=${BROWSER_SECONDS}` }).send(body);
  const fail = (res: Response) => res.status(503).type('text/plain').send('The sitemap is unavailable right now; try again shortly.');

  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    const disallow = [
      '/cart',
      '/checkout',
      '/my-orders',
      '/my-profile',
      '/wishlist',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password/',
      '/graphql',
      '/admin/',
    ];
    send(
      res,
      'text/plain; charset=utf-8',
      `User-agent: *\nAllow: /\n${disallow.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${abs('/sitemap.xml')}\n`,
    );
  });
  router.get('/sitemap.xml', async (_req, res) => {
    try {
      const body = await cached('sitemap:index', async () => {
        const first = await deps.api().catalogue.sitemapProducts(1);
        const pages = Math.max(1, Math.ceil(first.total / first.pageSize));
        const maps = ['/sitemaps/pages.xml', ...Array.from({ length: pages }, (_, i) => `/sitemaps/products-${i + 1}.xml`)];
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps
          .map((m) => `<sitemap><loc>${xmlEscape(abs(m))}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>\n`;
      });
      send(res, 'application/xml; charset=utf-8', body);
    } catch {
      fail(res);
    }
  });
  router.get('/sitemaps/pages.xml', async (_req, res) => {
    try {
      const body = await cached('sitemap:pages', async () => {
        const blogs = await deps.api().blogs.list();
        return urlset([
          ...STATIC_PATHS.map((p) => ({ loc: abs(p) })),
          ...blogs.map((b) => ({ loc: abs(`/blog/${b._id}`), lastmod: b.createdAt })),
        ]);
      });
      send(res, 'application/xml; charset=utf-8', body);
    } catch {
      fail(res);
    }
  });
  router.get('/sitemaps/products-:page.xml', async (req: Request<{ page: string }>, res, next) => {
    const page = Number(req.params.page);
    if (!Number.isInteger(page) || page < 1 || page > 10_000) return next();
    try {
      const body = await cached(`sitemap:products:${page}`, async () => {
        const { items } = await deps.api().catalogue.sitemapProducts(page);
        return items.length === 0 ? '' : urlset(items.map((p) => ({ loc: abs(`/product/${p._id}`), lastmod: p.updatedAt })));
      });
      if (!body) return next();
      send(res, 'application/xml; charset=utf-8', body);
    } catch {
      fail(res);
    }
  });
  return router;
}
