/**
 * Where shoppers tap, in Debian's Chromium on the built shop (`npm start` as served):
 *
 * - **INP** (Interaction to Next Paint) of five interactions with the CPU slowed 4× through the DevTools
 *   protocol (`Emulation.setCPUThrottlingRate`, Lighthouse's mobile slowdown), read from the browser's own
 *   Event Timing API as web-vitals reads it: the longest event of the interaction, from input to the next
 *   paint. Add to cart, a store filter, typing in the search box (the longest keystroke of a word), a
 *   grid-size switch, opening the phone menu. Goal ≤ 200 ms (web.dev's "good").
 * - **First tap** (issue #38): on a phone slowed 4× on a 1.6 Mbps line with 150 ms latency, the time from
 *   the first paint to the answer to a tap made at once (repeated every 250 ms while unanswered): the menu
 *   on the home page, the filters on the store, Add to Cart on a product page. Goal ≤ 1 s.
 * - **Next page**: from the tap on a product card to its page shown, and from the store's category filter
 *   to the category's products shown, unthrottled; the time from the click to the first frame painted with
 *   the new page's content.
 *
 * Each is measured on a fresh page, `--runs=N` times (5 by default), and the median and the worst printed;
 * with --check, exits 1 when a median is over its goal (INP 200 ms, first tap 1 s, next page 100 ms);
 * --only=TEXT runs the measures whose kind or name holds TEXT.
 *
 *   npm run bench:interactions -w tests     (builds first)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startShop, waitFor } from './shop-process';

const PORT = 4690;
const SHOP = `http://127.0.0.1:${PORT}`;
const runsArg = process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
const RUNS = Math.max(1, Number(runsArg ?? 5) || 5);
const CHECK = process.argv.includes('--check');
// --only=first: the measures whose kind or name holds this text (e.g. "first tap", "menu").
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
export const GOALS = { inpMs: 200, nextPageMs: 100, firstTapMs: 1000 };

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const LAPTOP = { viewport: { width: 1280, height: 800 } };

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${SHOP}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A signed-in shopper's local storage, as the login page leaves it. */
async function newShopper(): Promise<{ token: string; customer: Record<string, string> }> {
  const email = `inp.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct horse battery';
  await gql('mutation($i: RegisterInput!) { register(input: $i) { id } }', {
    i: { firstname: 'Asha', lastname: 'Patel', email, password, mobile: '9876543210' },
  });
  const { login } = await gql<{ login: { token: string; customer: Record<string, string> } }>(
    'mutation($i: LoginInput!) { login(input: $i) { token customer { id firstname lastname email mobile } } }',
    { i: { email, password } },
  );
  return { token: login.token, customer: { ...login.customer, _id: login.customer.id as string, token: login.token } };
}

/** Opens a page and waits until it is live (hydrated: the app marks <html data-app-ready>). */
async function open(page: Page, p: string) {
  await page.goto(`${SHOP}${p}`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-app-ready="true"]', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** Starts recording the page's interactions (Event Timing: every event with an interactionId). */
const record = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __interactions: Map<number, number> };
    w.__interactions = new Map();
    new PerformanceObserver((list) => {
      // interactionId: Event Timing's grouping of one interaction's events (not yet in TypeScript's DOM types).
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (!e.interactionId) continue;
        w.__interactions.set(e.interactionId, Math.max(w.__interactions.get(e.interactionId) ?? 0, e.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });

/** The longest interaction recorded (the page's INP for one interaction, or a word's keystrokes). */
const longestInteraction = async (page: Page) => {
  // Entries arrive after the next paint; let them.
  await page.waitForTimeout(600);
  return page.evaluate(() => {
    const w = window as unknown as { __interactions: Map<number, number> };
    // A duration under the 16 ms threshold is never reported: such an interaction counts as 16 ms at most.
    return Math.max(16, ...w.__interactions.values());
  });
};

async function throttled<T>(context: BrowserContext, page: Page, rate: number, fn: () => Promise<T>): Promise<T> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await fn();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

interface Measure {
  name: string;
  kind: 'inp' | 'next page' | 'first tap';
  run: (browser: Browser) => Promise<number>;
}

let productId = '';

async function withPage<T>(browser: Browser, device: object, signedIn: boolean, fn: (page: Page, context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext(device);
  // tsx compiles this file keeping function names (esbuild's __name helper), and the functions handed to
  // page.evaluate carry those calls into the page: give the page the helper, which only returns the function.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  if (signedIn) {
    // A shopper of its own each time: one whose cart already holds the product sees no colour picker.
    const shopper = await newShopper();
    await context.addInitScript((s) => {
      localStorage.setItem('customer', JSON.stringify(s.customer));
      localStorage.setItem('token', s.token);
    }, shopper);
  }
  const page = await context.newPage();
  try {
    return await fn(page, context);
  } finally {
    await context.close();
  }
}

const inp = (
  name: string,
  device: object,
  signedIn: boolean,
  at: () => string,
  prepare: (page: Page) => Promise<void>,
  act: (page: Page) => Promise<void>,
): Measure => ({
  name,
  kind: 'inp',
  run: (browser) =>
    withPage(browser, device, signedIn, async (page, context) => {
      await open(page, at());
      await prepare(page).catch(async (err: unknown) => {
        throw new Error(`${name}: ${page.url()} shows ${(await page.locator('main').innerText()).slice(0, 300)}`, { cause: err });
      });
      await record(page);
      return throttled(context, page, 4, async () => {
        await act(page);
        return longestInteraction(page);
      });
    }),
});

/** From the click to the first frame painted after `shown` holds in the page. */
const nextPage = (
  name: string,
  at: string,
  target: (page: Page) => ReturnType<Page['locator']>,
  shown: 'product' | 'category',
): Measure => ({
  name,
  kind: 'next page',
  run: (browser) =>
    withPage(browser, PHONE, false, async (page) => {
      await open(page, at);
      const link = target(page);
      await link.scrollIntoViewIfNeeded();
      // The pointer is on the card a moment before the click lands, as a finger is (touchstart ~100 ms before the click).
      await link.hover();
      await page.waitForTimeout(100);
      await page.evaluate((check) => {
        const w = window as unknown as { __shown: Promise<number> };
        w.__shown = new Promise<number>((resolve) => {
          let clickedAt = 0;
          document.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
          const shownNow = {
            // The product's page: its title and its buttons.
            product: () =>
              location.pathname.startsWith('/product/') && !!document.querySelector('main h1') && !!document.querySelector('main button'),
            // The category's products: their count and the first card.
            category: () =>
              location.search.includes('category=Tablets') &&
              /^\d+\+? Products$/.test(document.querySelector('main .total-products')?.textContent?.trim() ?? '') &&
              !!document.querySelector('main article'),
          };
          const test = shownNow[check];
          const poll = () => {
            if (clickedAt && test()) requestAnimationFrame(() => resolve(performance.now() - clickedAt));
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        });
      }, shown);
      await link.click();
      return page.evaluate(() => (window as unknown as { __shown: Promise<number> }).__shown);
    }),
});

/**
 * The phone the issue was seen on: Lighthouse's mobile CPU slowdown (4×) and a slow line (150 ms latency,
 * 1.6 Mbps down, 750 kbps up), set through the DevTools protocol before the page is asked for.
 */
async function slowPhone(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * From the first paint to the answer to the shopper's first tap: the shopper taps `target` as soon as the
 * page shows anything, and again every 250 ms while nothing happens (a tap the page drops is a tap the
 * shopper repeats); the figure is the time from the first contentful paint to the first frame in which
 * `answered` holds. A tap made before the app starts counts only if it is carried out.
 */
const firstTap = (
  name: string,
  at: () => string,
  target: (page: Page) => ReturnType<Page['locator']>,
  answered: 'menu open' | 'filters open' | 'colour chosen' | 'colour asked',
): Measure => ({
  name,
  kind: 'first tap',
  run: (browser) =>
    withPage(browser, PHONE, false, async (page, context) => {
      await page.addInitScript((check) => {
        const w = window as unknown as { __firstTap: { fcp: number; answered: number } };
        w.__firstTap = { fcp: 0, answered: 0 };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__firstTap.fcp = e.startTime;
        }).observe({ type: 'paint', buffered: true });
        const tests = {
          'menu open': () => !!document.querySelector('header button[aria-expanded="true"]'),
          'filters open': () => !!document.querySelector('.filters-button[aria-expanded="true"]'),
          'colour chosen': () => !!document.querySelector('[role="radiogroup"] [role="radio"][aria-checked="true"]'),
          // A guest's Add to Cart without a colour: the spec's 'Please choose Color'.
          'colour asked': () => /Please choose Color/.test(document.querySelector('.toaster')?.textContent ?? ''),
        };
        const poll = () => {
          if (!w.__firstTap.answered && document.body && tests[check]()) w.__firstTap.answered = performance.now();
          if (!w.__firstTap.answered) requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }, answered);
      await slowPhone(context, page);
      await page.goto(`${SHOP}${at()}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { __firstTap?: { fcp: number } }).__firstTap?.fcp, undefined, {
        polling: 20,
        timeout: 30_000,
      });
      const state = () => page.evaluate(() => (window as unknown as { __firstTap: { fcp: number; answered: number } }).__firstTap);
      const giveUp = Date.now() + 30_000;
      while (!(await state()).answered) {
        if (Date.now() > giveUp) throw new Error(`${name}: no answer to a tap within 30 s of the first paint`);
        await target(page)
          .tap({ timeout: 5_000, noWaitAfter: true })
          .catch(() => undefined);
        await page.waitForTimeout(250);
      }
      const { fcp, answered: at_ } = await state();
      return at_ - fcp;
    }),
});

const measures: Measure[] = [
  inp(
    'add to cart',
    LAPTOP,
    true,
    () => `/product/${productId}`,
    async (page) => {
      await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').first().click();
    },
    async (page) => {
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL(/\/cart$/);
    },
  ),
  inp(
    'store filter',
    LAPTOP,
    false,
    () => '/product',
    async () => undefined,
    async (page) => {
      await page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: 'Laptops' }).click();
      await page.waitForURL(/category=Laptops/);
    },
  ),
  inp(
    'typing a search',
    LAPTOP,
    false,
    () => '/',
    async () => undefined,
    async (page) => {
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.click();
      await box.pressSequentially('macbook', { delay: 120 });
      await page.getByRole('option').first().waitFor();
    },
  ),
  inp(
    'grid size',
    LAPTOP,
    false,
    () => '/product',
    async () => undefined,
    async (page) => {
      await page.getByRole('button', { name: '1 per row' }).click();
      await page.waitForURL(/grid=12/);
    },
  ),
  inp(
    'phone menu',
    PHONE,
    false,
    () => '/',
    async () => undefined,
    async (page) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.waitForSelector('button[aria-label="Menu"][aria-expanded="true"], button[aria-expanded="true"]');
    },
  ),
  firstTap(
    'home: the menu',
    () => '/',
    (page) => page.getByRole('button', { name: 'Menu' }),
    'menu open',
  ),
  firstTap(
    'store: the filters',
    () => '/product',
    (page) => page.getByRole('button', { name: 'Filters', exact: true }),
    'filters open',
  ),
  firstTap(
    'product: a colour',
    () => `/product/${productId}`,
    (page) => page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { disabled: false }).first(),
    'colour chosen',
  ),
  firstTap(
    'product: Add to Cart',
    () => `/product/${productId}`,
    (page) => page.getByRole('button', { name: 'Add to Cart' }),
    'colour asked',
  ),
  nextPage(
    'product card → product',
    '/product',
    (page) => page.getByRole('region', { name: 'Products' }).getByRole('article').nth(1).getByRole('heading').getByRole('link'),
    'product',
  ),
  nextPage(
    'store → category',
    '/',
    (page) => page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Tablets' }),
    'category',
  ),
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dataDir = mkdtempSync(path.join(tmpdir(), 'digitic-interactions-'));
const shop = startShop(PORT, dataDir, { PUBLIC_URL: SHOP, WEB_URL: SHOP, SIGNUP_LIMIT_PER_CLIENT: '1000' });
let browser: Browser | undefined;
let failed = false;
try {
  await waitFor(`${SHOP}/robots.txt`);
  await waitFor(`http://127.0.0.1:${PORT + 1}/api/health`);
  const listed = await gql<{ products: { items: { id: string; colors: { id: string }[] }[] } }>(
    '{ products(pageSize: 20) { items { id colors { id } } } }',
  );
  productId = listed.products.items.find((p) => p.colors.length > 0)?.id ?? '';
  if (!productId) throw new Error('No product with a colour in the catalogue');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log(
    `Interactions (INP with the CPU slowed 4×; first tap on a phone slowed 4× on a 1.6 Mbps line with 150 ms latency; next page unthrottled), median and worst of ${RUNS}`,
  );
  console.log(`${'interaction'.padEnd(36)} ${'median'.padStart(8)} ${'worst'.padStart(8)}   goal`);
  for (const m of measures.filter((x) => !ONLY || `${x.kind}: ${x.name}`.includes(ONLY))) {
    const values: number[] = [];
    for (let i = 0; i < RUNS; i++) values.push(await m.run(browser));
    const goal = m.kind === 'inp' ? GOALS.inpMs : m.kind === 'first tap' ? GOALS.firstTapMs : GOALS.nextPageMs;
    const mid = median(values);
    if (mid > goal) failed = true;
    console.log(
      `${`${m.kind === 'inp' ? 'INP' : m.kind}: ${m.name}`.padEnd(36)} ${`${mid.toFixed(0)} ms`.padStart(8)} ${`${Math.max(...values).toFixed(0)} ms`.padStart(8)}   ≤ ${goal} ms${mid > goal ? '  over the goal' : ''}`,
    );
  }
} finally {
  await browser?.close();
  shop.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
if (CHECK && failed) {
  console.error(
    `An interaction is over its goal (INP ≤ ${GOALS.inpMs} ms, first tap ≤ ${GOALS.firstTapMs} ms, next page ≤ ${GOALS.nextPageMs} ms).`,
  );
  process.exit(1);
}
