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
