import { expect, expectFitsScreen, test } from './fixtures';
import { buy, newCustomer } from './helpers';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

// Reports (#40): the owner reads the business's days as charts and one table, over 30 days and then 7 (the period
// kept in the address), on a laptop and a phone, with nothing scrolling sideways.

test('the owner reads net revenue, orders, the average order and refunds per day, over 30 days and then 7', async ({
  browser,
  request,
}) => {
  // A shopper buys today: the report's today has at least that order, whatever other journeys run beside it.
  const shopper = await (await browser.newContext()).newPage();
  await buy(shopper, await newCustomer(request, 'Kiran'));
  await shopper.context().close();
  const project = test.info().project.name;
  const email = `reports.${project}.${Date.now().toString(36)}@example.com`;
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email, await enrol(page, invite(email, 'owner'), 'Meera Owner'));
  await openDesk(page, 'Reports');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  await expect(page).toHaveTitle('Reports · Back office · Digitic');
  const period = page.getByRole('group', { name: 'Period' });
  await expect(period.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  const charts = page.getByRole('img');
  await expect(charts).toHaveCount(4);
  for (const name of ['Net revenue', 'Orders', 'Average order', 'Refunds']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${name}, `) })).toBeVisible();
  }
  const table = page.getByRole('table', { name: 'Day by day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  // Today's row (the first) counts the order bought above, and its money in rupees.
  const today = table.getByRole('row').nth(1).getByRole('cell');
  expect(Number((await today.nth(1).textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
  await expect(today.nth(2)).toContainText('Rs.');
  await accessible(page);
  await expectFitsScreen(page);

  await period.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?days=7$/);
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(period.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(8);
  await accessible(page);
  await expectFitsScreen(page);
  await page.context().close();
});
