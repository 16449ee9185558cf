import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** Resolves once the page is live: hydrated, or rendered by the app in the browser (html[data-app-ready]). */
export const appReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

/**
 * `page.goto` and `page.reload` return once the app is live, as a shopper's first tap needs: a
 * server-rendered page shows before its scripts arrive, and a click on a button before then does nothing.
 */
export const test = base.extend({
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
