import { test as base, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

export { expect };

/** Resolves once the page is live: hydrated, or rendered by the app in the browser (html[data-app-ready]). */
export const appReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

/** Types into a field as a person does: what is in it cleared, then the text key by key, a pause between keys. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.clear();
  await field.pressSequentially(text, { delay: 10 });
}

/** What a journey may see in the console: failed loads the server answered 4xx on purpose (a wrong password, a 404). */
const EXPECTED: RegExp[] = [/^Failed to load resource: the server responded with a status of 4\d\d\b/];

/**
 * `page.goto` and `page.reload` return once the app is live, as a shopper's first tap needs: a
 * server-rendered page shows before its scripts arrive, and a click on a button before then does nothing.
 *
 * Every journey fails on an error in the browser's console or an uncaught error in a page (a policy violation, a
 * React warning, an exception), in every page it opens: its own and those of contexts it makes itself.
 */
export interface ConsoleErrors {
  /** An error this journey brings about on purpose (a blocked frame, a lost connection): expected, not a fault. */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ context, browser }, use) => {
      const seen: string[] = [];
      const expected = [...EXPECTED];
      const watch = (c: BrowserContext) => {
        c.on('console', (m) => void (m.type() === 'error' && seen.push(`${m.text()} (${m.location().url})`)));
        c.on('weberror', (e) => void seen.push(e.error().message));
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const made = await newContext(...args);
        watch(made);
        return made;
      };
      await use({ allow: (pattern) => void expected.push(pattern) });
      browser.newContext = newContext;
      expect(
        seen.filter((m) => !expected.some((e) => e.test(m))),
        'errors in the browser console',
      ).toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
    await use(page);
  },
});

/**
 * The page fits the device's own screen: it is no wider than the screen (the project's viewport, 390 px on the phone),
 * and no element shown reaches past the screen's right edge (but inside a box that scrolls or clips it, which stays
 * within the screen). Measured against the device, not `window.innerWidth`: in mobile emulation a page wider than
 * the screen widens the layout viewport, and so `innerWidth`, with it, and the two always agree.
 */
export async function expectFitsScreen(page: Page, where = new URL(page.url()).pathname): Promise<void> {
  const device = page.viewportSize()?.width;
  if (!device) throw new Error('expectFitsScreen needs a page with a viewport');
  const found = await page.evaluate((screenWidth) => {
    const edge = screenWidth + 1; // a sub-pixel rounding is not a fault
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
    /** An ancestor that clips its content (overflow other than visible) within the screen: what is past it is not shown. */
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' && up.getBoundingClientRect().right + window.scrollX <= edge) return true;
      }
      return false;
    };
    const past: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right + window.scrollX <= edge) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || clipped(el)) continue;
      past.push(`${name(el)} ends at ${Math.round(box.right + window.scrollX)} px`);
      if (past.length === 5) break;
    }
    return { width: document.documentElement.scrollWidth, past };
  }, device);
  // Both named in one assertion: how much wider the page is, and which elements reach past the edge.
  expect({ wider: Math.max(0, found.width - device), past: found.past }, `${where} fits the ${device} px screen`).toEqual({
    wider: 0,
    past: [],
  });
}
