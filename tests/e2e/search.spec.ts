import { expect, expectFitsScreen, test } from './fixtures';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';
import { cards, closeFilters, filters } from './helpers';

// A shopper's search, as people search: typed key by key in the header's box, Enter, a typo put right and taken in
// one tap, a facet with its count, the matched words marked, a product opened. On a laptop and at 390 px with touch.

test('a typo is put right, taken in one tap, narrowed by a facet with its count, and a product opened', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially('headphnes', { delay: 60 });
  // The typeahead lists the best matches of the words it puts right as they are typed.
  await expect(page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\?q=headphnes$/);
  const summary = page.locator('.search-summary');
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText('9 results for “headphnes”');
  await expect(summary).toContainText('Nothing matched your words as typed. Showing results for headphones.');
  await expect(cards(page)).toHaveCount(9);
  await accessible(page);

  // One tap makes the suggestion the search.
  await summary.getByRole('link', { name: 'headphones' }).click();
  await expect(page).toHaveURL(/\/product\?q=headphones$/);
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText('9 results for “headphones”');
  await expect(box).toHaveValue('headphones');

  // A brand with its count narrows the list to that many.
  const drawer = await filters(page);
  const sony = drawer.getByRole('button', { name: /^Sony \(\d+\)$/ });
  const count = Number(/\((\d+)\)/.exec((await sony.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  await sony.click();
  await expect(page).toHaveURL(/q=headphones&brand=Sony$/);
  await closeFilters(page);
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText(`${count} results for “headphones”`);
  await expect(cards(page)).toHaveCount(count);

  const first = cards(page).first();
  const title = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('words of a few that all find few: those first, marked, then the kind of thing asked for', async ({ page }) => {
  await page.goto('/blogs');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially('Sony  Camera', { delay: 40 });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/product\?q=sony\+camera$/);
  const summary = page.locator('.search-summary');
  await expect(summary).toContainText('2 products have all of your words; those after them have some.');
  // Sony's two cameras first, their words marked; then the other cameras.
  for (const n of [0, 1]) await expect(cards(page).nth(n).locator('mark').first()).toHaveText(/^(Sony|Camera)/i);
  await expect(cards(page).nth(0)).toHaveAttribute('aria-label', /^Sony /);
  // Price bands and colours in stock, each with its count, narrow the list.
  const drawer = await filters(page);
  const band = drawer.getByRole('region', { name: 'Price Bands' }).getByRole('button').first();
  const inBand = Number(/\((\d+)\)/.exec((await band.textContent()) ?? '')?.[1]);
  await band.click();
  await expect(page).toHaveURL(/min=\d+/);
  await closeFilters(page);
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${inBand} results? for “sony camera”$`));
  await accessible(page);
});

test('a search that finds nothing says so and offers the categories; a long one is cut and says so', async ({ page }) => {
  await page.goto('/product?q=refrigerator');
  const summary = page.locator('.search-summary');
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText('No results for “refrigerator”');
  await summary.getByRole('link', { name: 'Cameras' }).click();
  await expect(page).toHaveURL(/\/product\?category=Cameras$/);
  await expect(page.getByText('9 Products')).toBeVisible();

  await page.goto(`/product?q=${encodeURIComponent(`tv ${'lorem '.repeat(30)}`)}`);
  await expect(summary).toContainText('Your search was long: only its first 100 characters (8 words) were searched.');
});

test('what shoppers could not find reaches the back office, where a synonym added in one step makes it findable', async ({
  browser,
  page,
}) => {
  const project = test.info().project.name;
  // A word no product has, this run's own: a shopper searches for it and finds nothing.
  const word = `cans${project.replace(/\W/g, '')}${Date.now().toString(36).replace(/\d/g, 'x')}`;
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially(word, { delay: 30 });
  await box.press('Enter');
  await expect(page.locator('.search-summary').getByRole('heading', { level: 1 })).toHaveText(`No results for “${word}”`);
  await page.waitForLoadState('networkidle');

  const email = `search.${project}.${Date.now().toString(36)}@example.com`;
  const desk = await (await browser.newContext()).newPage();
  await signInAs(desk, email, await enrol(desk, invite(email, 'catalogue'), 'Kabir Catalogue'));
  await openDesk(desk, 'Search');
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(desk.getByRole('img', { name: /^Searches, / })).toBeVisible();
  const missed = desk.getByRole('table', { name: 'Found nothing' }).getByRole('row', { name: new RegExp(word) });
  // Searches 1, found nothing 1, a result opened 0.
  await expect(missed.getByRole('cell')).toHaveText([word, '1', '1', '0', /\d+ ms/, `Add a synonym for “${word}”`]);
  await accessible(desk);
  await expectFitsScreen(desk);

  await missed.getByRole('button', { name: `Add a synonym for “${word}”` }).click();
  const form = desk.getByRole('form', { name: `What shoppers mean by “${word}”` });
  await form.getByLabel('Also means (words or phrases, separated by commas)').pressSequentially('headphones', { delay: 20 });
  await form.getByRole('button', { name: 'Save synonym' }).click();
  await expect(desk.getByRole('table', { name: 'The search’s synonyms' }).getByRole('row', { name: new RegExp(word) })).toContainText(
    'headphones',
  );
  await desk.context().close();

  // The shopper's next search for the word finds the headphones (searches read a change within seconds).
  await expect
    .poll(
      async () => {
        await page.goto(`/product?q=${word}`);
        return page.locator('.search-summary').getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 20_000 },
    )
    .toBe(`9 results for “${word}”`);
});
