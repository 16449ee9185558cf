import { ROLE_PERMISSIONS, STAFF_ROLES } from '@digitic/shop-rules/staff-permissions';
import { NAVIGATION } from '../../admin/src/app/navigation';
import { expect, expectFitsScreen, test } from './fixtures';
import { accessible, enrol, invite, signInAs } from './staff';

// The back office's frame (#40): for every role the navigation is what the permission declaration allows, grouped
// by job, the current desk marked and named in the tab's title; a desk opened by its address without the
// permission says so with no form on it; no desk scrolls sideways, on a laptop or a phone.

// A test a role (each signs in and opens every desk): they run side by side, and each has its own time.
for (const role of STAFF_ROLES)
  test(`${role}: sees the desks its permissions open, and a closed desk says why with no form`, async ({ browser }) => {
    const phone = test.info().project.name === 'phone';
    const email = `nav.${role}.${test.info().project.name}.${Date.now().toString(36)}@example.com`;
    const page = await (await browser.newContext()).newPage();
    const secret = await enrol(page, invite(email, role), `Nav ${role}`);
    await signInAs(page, email, secret);

    const allowed = NAVIGATION.flatMap((g) =>
      g.desks
        .filter((d) => d.needs.length === 0 || d.needs.some((p) => ROLE_PERMISSIONS[role].includes(p)))
        .map((d) => `${g.group}: ${d.label}`),
    );
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible({ visible: phone });
    if (phone) {
      await expect(page.getByRole('navigation', { name: 'Desks' })).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
    }
    const nav = page.getByRole('navigation', { name: 'Desks' });
    const shown = await nav
      .getByRole('region')
      .evaluateAll((groups) =>
        groups.flatMap((g) => [...g.querySelectorAll('a')].map((a) => `${g.querySelector('h2')?.textContent}: ${a.textContent}`)),
      );
    expect(shown, role).toEqual(allowed);
    await accessible(page);

    for (const desk of NAVIGATION.flatMap((g) => g.desks)) {
      const open = desk.needs.length === 0 || desk.needs.some((p) => ROLE_PERMISSIONS[role].includes(p));
      await page.goto(`/admin${desk.to === '/' ? '/' : desk.to}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(`${desk.label} · Back office · Digitic`);
      if (open) {
        if (!phone) await expect(nav.getByRole('link', { name: desk.label, exact: true })).toHaveAttribute('aria-current', 'page');
      } else {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(desk.label);
        await expect(page.getByRole('main')).toContainText(`does not open ${desk.label}: it needs “`);
        await expect(page.getByRole('main').locator('form, input, select, textarea, button')).toHaveCount(0);
      }
      // No desk scrolls sideways.
      await expectFitsScreen(page, `${role} ${desk.to}`);
    }
    await page.context().close();
  });

test('a list’s filters fold behind “Filters” on a phone, so the orders are on the first screen', async ({ browser }) => {
  const phone = test.info().project.name === 'phone';
  const email = `filters.${test.info().project.name}.${Date.now().toString(36)}@example.com`;
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email, await enrol(page, invite(email, 'fulfilment'), 'Filters'));
  await page.goto('/admin/orders');
  const status = page.getByLabel('Status');
  const fold = page.getByText('Filters', { exact: true });
  await expect(page.getByLabel('Order number, e-mail or phone')).toBeVisible();
  await expect(status).toBeVisible({ visible: !phone });
  await expect(fold).toBeVisible({ visible: phone });
  if (phone) {
    await fold.click();
    await status.selectOption('SHIPPED');
    await expect(page).toHaveURL(/status=SHIPPED/);
    await expect(page.getByText('Filters (1 chosen)')).toBeVisible();
  }
  await accessible(page);
  await page.context().close();
});
