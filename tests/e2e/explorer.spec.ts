import { expect, test } from '@playwright/test';

// The explorer for front-end developers works with no network: every request to another host fails here.
test.beforeEach(async ({ page, baseURL }) => {
  const shop = new URL(baseURL as string).host;
  await page.route('**/*', (route) => (new URL(route.request().url()).host === shop ? route.continue() : route.abort()));
});

test('GraphiQL runs a query, shows the docs and keeps the history, offline', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/graphiql');
  await expect(page).toHaveURL(/\/graphiql\/$/);
  await expect(page.getByText('Digitic GraphQL')).toBeVisible();
  // The headers editor opens with how to send the token.
  await expect(page.getByText('"Authorization": "Bearer <token from login>"')).toBeVisible();

  await page.getByRole('button', { name: /execute query/i }).click();
  await expect(page.getByText('"totalCount"')).toBeVisible();
  await expect(page.getByText('"Apple MacBook Air 13 M3"')).toBeVisible();

  await page.getByRole('button', { name: /show documentation explorer/i }).click();
  await expect(page.getByText('Root Types')).toBeVisible();
  await page.getByRole('link', { name: 'Query' }).first().click();
  await expect(page.getByText('One page of the store', { exact: false }).first()).toBeVisible();

  await page.getByRole('button', { name: /show history/i }).click();
  await expect(page.getByText('FirstProducts').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('Apollo Sandbox stays the landing page of /graphql in a browser', async ({ request }) => {
  const page = await request.get('/graphql', { headers: { accept: 'text/html' } });
  expect(page.status()).toBe(200);
  expect(await page.text()).toMatch(/sandbox/i);
});
