import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench/shop-process';
import { gql, newShopper } from '../support/shop-client';
import { localPostgres, type Stack, startStack } from '../support/stack';

// Catalogue HTML is stored by whoever feeds the catalogue; reviews by any shopper. Neither may run
// in a shopper's browser. The rows go straight into PostgreSQL (as a careless import would put
// them), so this suite needs one; CI always has it.

const PAYLOADS = [
  '<script>window.__xss = "script"; alert("script")</script>',
  '<img src="/nothing.png" onerror="window.__xss = \'onerror\'; alert(\'onerror\')">',
  '<a id="js-link" href="javascript:window.__xss=\'href\';alert(\'href\')">a link</a>',
  '<svg onload="window.__xss = \'svg\'; alert(\'svg\')"><script>window.__xss = "svg-script"</script></svg>',
  '<iframe srcdoc="<script>parent.__xss = \'srcdoc\'; alert(1)</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  '<div style="background:url(javascript:alert(1))" onclick="window.__xss=\'click\'">click</div>',
].join('\n');

const postgres = await localPostgres();

describe.runIf(postgres)('stored HTML never runs in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let productId: string;
  let blogId: string;

  beforeAll(async () => {
    stack = await startStack({ basePort: 4840, web: true, postgresAdminUrl: postgres as string });
    const db = stack.db;
    if (!db) throw new Error('the suite needs PostgreSQL');
    const product = await db.query<{ id: string }>(
      `insert into products (title, slug, description, price, category, brand, tags, images)
       select $1, 'xss-' || slug, $2, price, category, brand, array['popular'], images from products order by created_at limit 1
       returning id`,
      ['Tablet <img src=x onerror="window.__xss=\'title\'">', `<p>Great tablet</p>${PAYLOADS}`],
    );
    productId = product.rows[0]?.id as string;
    await db.query(
      `insert into product_colors (product_id, color_id, position, quantity) select $1, color_id, position, 5 from product_colors
       where product_id = (select id from products where id <> $1 order by created_at limit 1)`,
      [productId],
    );
    const blog = await db.query<{ id: string }>(
      `insert into blogs (title, slug, description, category, images)
       select $1, 'xss-' || slug, $2, category, images from blogs order by created_at limit 1 returning id`,
      ['News <script>window.__xss="blog-title"</script>', `<p>Read this</p>${PAYLOADS}`],
    );
    blogId = blog.rows[0]?.id as string;
    const shopper = await newShopper(stack.shops[0] as string, 'reviewer');
    const review = await gql(
      stack.shops[0] as string,
      'mutation($i: RateProductInput!) { rateProduct(input: $i) { id } }',
      { i: { productId, star: 4, comment: PAYLOADS } },
      { token: shopper.token },
    );
    expect(review.errors).toBeUndefined();
    const enquiry = await gql(stack.shops[0] as string, 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }', {
      i: { name: '<script>alert(1)</script>', email: 'x@example.com', mobile: '9876543210', comment: PAYLOADS },
    });
    expect(enquiry.errors).toBeUndefined();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function visit(path: string, act?: (page: Page) => Promise<void>) {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      // A missing picture is not an attack; anything else on the console is (a CSP refusal means the payload reached the page).
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
        problems.push(`console: ${m.text().slice(0, 60)} at ${JSON.stringify(m.location())}`);
    });
    await page.goto(`${stack.shops[0]}${path}`);
    await page.waitForSelector('html[data-app-ready]');
    await page.waitForTimeout(300);
    await act?.(page);
    const flag = await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null);
    await page.close();
    return { flag, problems };
  }

  it('on the product page (description, title and reviews), server-rendered and hydrated', async () => {
    const seen = await visit(`/product/${productId}`, async (page) => {
      expect(await page.getByText('Great tablet').count()).toBeGreaterThan(0);
      const link = page.locator('#js-link');
      if ((await link.count()) > 0) await link.first().click();
      const div = page.getByText('click', { exact: true });
      if ((await div.count()) > 0) await div.first().click();
    });
    expect(seen).toEqual({ flag: null, problems: [] });
  });

  it('on the home page, the store and the search', async () => {
    for (const path of ['/', '/product', '/product?search=Tablet']) {
      expect(await visit(path), path).toEqual({ flag: null, problems: [] });
    }
  });

  it('on the blog page and the blog list', async () => {
    expect(await visit(`/blog/${blogId}`)).toEqual({ flag: null, problems: [] });
    expect(await visit('/blogs')).toEqual({ flag: null, problems: [] });
  });
});
