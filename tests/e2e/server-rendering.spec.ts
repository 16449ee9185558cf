import type { Page } from '@playwright/test';
import { expect, expectFitsScreen, test, typeInto } from './fixtures';
import { firstProduct, gql, holdTheApp, newCustomer, operationOf, signIn } from './helpers';
import { OPEN_PAGES, SHOPPER_PAGES, SIGN_IN_PAGES } from '../../web/src/config/routes';

/** Console errors and page errors while the page loads and hydrates (React reports mismatches there). */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat/i.test(msg.text()))) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as { '@type': string },
  );

test('a product page arrives rendered: title, description, canonical, preview tags and Product data', async ({ request }) => {
  const product = await firstProduct(request);
  const res = await request.get(`/product/${product.id}`, { headers: { Accept: 'text/html' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const html = await res.text();
  expect(html).toContain(`<title>${product.title} | Digitic</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
  expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:4700/product/${product.id}">`);
  expect(html).toContain('<meta property="og:type" content="product">');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:4700\/api\/images\/[^"]+">/);
  expect(html).toContain(`<meta property="product:price:amount" content="${product.price}">`);
  // The content itself is in the HTML, before any script runs.
  expect(html).toMatch(new RegExp(`<h1>${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
  const data = jsonLd(html);
  const ld = data.find((d) => d['@type'] === 'Product') as unknown as {
    name: string;
    offers: { price: string; priceCurrency: string; availability: string };
    image: string;
  };
  expect(ld.name).toBe(product.title);
  expect(ld.offers).toMatchObject({ price: product.price.toFixed(2), priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
  expect(ld.image).toMatch(/^http:\/\/127\.0\.0\.1:4700\//);
  expect(data.some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
});

test('blog pages carry BlogPosting data; an unknown product answers 404 and is not indexed', async ({ request, page }) => {
  await page.goto('/blogs');
  const href = await page
    .getByRole('link', { name: /^Read More/ })
    .first()
    .getAttribute('href');
  const html = await (await request.get(href ?? '', { headers: { Accept: 'text/html' } })).text();
  expect(jsonLd(html).map((d) => d['@type'])).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']));
  const missing = await request.get('/product/00000000-0000-4000-8000-000000000000', { headers: { Accept: 'text/html' } });
  expect(missing.status()).toBe(404);
  const body = await missing.text();
  expect(body).toContain('No product found!');
  expect(body).toContain('<meta name="robots" content="noindex">');
});

test('the store renders its URL filters on the server', async ({ request }) => {
  const html = await (await request.get('/product?category=Laptops&sort=price', { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('<title>Our Store | Digitic</title>');
  expect(html).toMatch(/<article class="product-card[^"]*" aria-label="[^"]+"/);
  expect(html).not.toMatch(/aria-label="Loading products"/);
});

// Every page the server renders, in this project's browser time zone (the desktop's is New York, the phone's
// India; the server's is UTC and the shop's Asia/Kolkata): a date written differently would be a hydration error.
const serverRendered = [
  ...OPEN_PAGES,
  // A parameter the store does not read (the server renders without it): the page must hydrate all the same.
  '/product?search=Tablet&sort=price',
  '/product/{id}',
  '/blog/{id}',
];
for (const route of serverRendered) {
  test(`${route} hydrates without warnings and without asking the server again`, async ({ page, request }) => {
    let path = route;
    if (route === '/product/{id}') path = `/product/${(await firstProduct(request)).id}`;
    if (route === '/blog/{id}') {
      const { blogs } = await gql<{ blogs: { id: string }[] }>(request, '{ blogs { id } }', {});
      path = `/blog/${blogs[0]!.id}`;
    }
    const problems = watchConsole(page);
    const graphql: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/graphql') graphql.push(r.postData() ?? r.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // No page is wider than the screen it is on (390 px on the phone).
    await expectFitsScreen(page, path);
    // Hydrated: the search box answers typing (React handles its events).
    await typeInto(page.getByRole('combobox', { name: 'Search products' }), 'zz');
    expect(problems).toEqual([]);
    expect(graphql.filter((q) => !q.includes('SearchProducts'))).toEqual([]);
  });
}

// Sections below the fold hydrate when the shopper nears them (web/src/components/hydrate-when-visible.tsx).
const isHydrated = (page: Page, section: string) =>
  page
    .locator(`[data-hydrate-when-visible="${section}"] article, [data-hydrate-when-visible="${section}"] h2`)
    .first()
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));

test('sections below the fold wait to hydrate until the shopper nears them, and answer the first tap', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await isHydrated(page, 'home-popular')).toBe(false);
  expect(await isHydrated(page, 'home-blogs')).toBe(false);
  // The first tap on a section still waiting: a guest's wishlist heart goes to the login page.
  const popular = page.locator('[data-hydrate-when-visible="home-popular"] article').first();
  await popular.getByRole('button', { name: /^Add .* to wishlist$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(problems).toEqual([]);
});

test('a shopper who scrolls before the app has started stays where they scrolled to once it has', async ({ page, request }) => {
  const product = await firstProduct(request);
  const problems = watchConsole(page);
  // The app's own chunk is held back, as a slow line would: the page shows and scrolls, but nothing of React runs yet.
  const release = await holdTheApp(page);
  // The frame's own goto: the fixture's would wait for the app, which is held.
  await page.mainFrame().goto(new URL(`/product/${product.id}`, test.info().project.use.baseURL).href, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
  release();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  // Past the app's first effects (the router's scroll restoration is one): the page has not moved.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // And a page reached through the app starts at its top, as ever.
  await page.locator('[data-hydrate-when-visible="product-popular"] article h3 a').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(problems).toEqual([]);
});

test("a product page's reviews hydrate when scrolled to, and a page reached in the browser renders them at once", async ({
  page,
  request,
}) => {
  const product = await firstProduct(request);
  const problems = watchConsole(page);
  await page.goto(`/product/${product.id}`);
  await page.waitForLoadState('networkidle');
  expect(await isHydrated(page, 'product-popular')).toBe(false);
  await page.getByRole('heading', { name: 'Our Popular Products' }).scrollIntoViewIfNeeded();
  await expect.poll(() => isHydrated(page, 'product-popular')).toBe(true);
  // Another product, reached through the app: rendered in the browser, nothing waits.
  await page.locator('[data-hydrate-when-visible="product-popular"] article h3 a').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeAttached();
  expect(await isHydrated(page, 'product-reviews')).toBe(true);
  expect(problems).toEqual([]);
});

test('a product page hydrates without warnings, and a signed-in customer sees their greeting after it', async ({ page, request }) => {
  const product = await firstProduct(request);
  const customer = await newCustomer(request, 'Meera');
  const problems = watchConsole(page);
  await page.goto(`/product/${product.id}`);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await signIn(page, customer);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('link', { name: 'Welcome Meera' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  expect(problems).toEqual([]);
});

// Regression: a signed-in page's refresh after hydration, answered before a wishlist toggle but
// landing after it, put the heart back as it was.
test('a wishlist toggle made while a signed-in page refreshes is kept', async ({ page, request }) => {
  const customer = await newCustomer(request);
  await signIn(page, customer);
  let delivered: () => void = () => undefined;
  const refreshLanded = new Promise<void>((resolve) => (delivered = resolve));
  await page.route(
    (url) => url.pathname === '/graphql',
    async (route) => {
      const req = route.request();
      if (operationOf(req) !== 'StorePage' || !req.headers()['authorization']) return route.continue();
      // The server answers at once (a guest's hearts, empty); the answer reaches the page late.
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ response });
      delivered();
    },
  );
  await page.goto('/product?sort=price');
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').first();
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('button', { name: `Add ${title} to wishlist` }).click();
  await expect(card.getByRole('button', { name: `Remove ${title} from wishlist` })).toBeVisible();
  await refreshLanded;
  await expect(card.getByRole('button', { name: `Remove ${title} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Products' })
      .getByRole('article')
      .first()
      .getByRole('button', { name: `Remove ${title} from wishlist` }),
  ).toBeVisible();
});

test('a product opened from a list shows its title and price at once, before its page query answers', async ({ page }) => {
  await page.goto('/product');
  const card = page.locator('article.product-card').first();
  const title = (await card.getAttribute('aria-label')) ?? '';
  // Hold the product page's query: what shows meanwhile comes from the cache.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/graphql',
    async (route) => {
      if (operationOf(route.request()) === 'ProductPage') await held;
      await route.continue();
    },
  );
  await card.getByRole('heading').getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.product-info .price').first()).toContainText('Rs.');
  release();
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
});

test('robots.txt and the sitemap list the catalogue', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: http://127.0.0.1:4700/sitemap.xml');
  // Robots leave out the sign-in forms and a shopper's own pages; the sitemap lists every open page (and the blogs).
  for (const path of [...SIGN_IN_PAGES, ...SHOPPER_PAGES]) expect(robots).toContain(`Disallow: ${path}\n`);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<loc>http://127.0.0.1:4700/sitemaps/products-1.xml</loc>');
  const products = await (await request.get('/sitemaps/products-1.xml')).text();
  expect((products.match(/<loc>http:\/\/127\.0\.0\.1:4700\/product\/[0-9a-f-]{36}<\/loc>/g) ?? []).length).toBeGreaterThanOrEqual(50);
  const pages = await (await request.get('/sitemaps/pages.xml')).text();
  expect(pages).toMatch(/<loc>http:\/\/127\.0\.0\.1:4700\/blog\/[0-9a-f-]{36}<\/loc>/);
  const listed = [...pages.matchAll(/<loc>http:\/\/127\.0\.0\.1:4700(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(listed.filter((p) => !p?.startsWith('/blog/'))).toEqual([...OPEN_PAGES]);
  expect((await request.get('/sitemaps/products-99.xml')).status()).toBe(404);
});

test('pages and scripts arrive compressed', async ({ request }) => {
  const page = await request.get('/blogs', { headers: { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  const html = await page.text();
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '';
  const js = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(js.headers()['content-encoding']).toBe('gzip');
  expect(js.headers()['cache-control']).toContain('immutable');
  const gql = await request.post('/graphql', {
    headers: { 'Accept-Encoding': 'br', 'Content-Type': 'application/json' },
    data: { query: '{ blogs { id title description } }' },
  });
  expect(gql.headers()['content-encoding']).toBe('br');
});

// Regression: the pages the browser renders itself logged React Router's "No `HydrateFallback`
// element provided" while their chunk loaded.
test('the pages the browser renders log no warning or error', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  for (const path of SIGN_IN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsScreen(page, path);
  }
  await signIn(page, await newCustomer(request));
  for (const path of SHOPPER_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectFitsScreen(page, path);
  }
  expect(problems).toEqual([]);
});
