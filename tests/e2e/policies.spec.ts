import { expect, expectFitsScreen, test } from './fixtures';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

// The shop's policy pages (#42): the demo's texts say they are demo texts; the owner writes the Refund Policy in the
// back office (typed key by key in its editor), and the storefront's page shows it at once; every version is
// kept. On a laptop and at 390 px with touch.

test('the owner writes the refund policy and the storefront shows it; a demo text says it is one', async ({ page, browser }) => {
  // A page no journey writes: the demo's own text, saying it is one, under the spec's title.
  await page.goto('/shipping-policy');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Shipping Policy');
  await expect(main.locator('.policy-text')).toContainText('Demo text.');

  const project = test.info().project.name.replace(/\W+/g, '-');
  const email = `policies.${project}.${Date.now().toString(36)}@example.com`;
  const owner = await (await browser.newContext({ timezoneId: 'Asia/Kolkata' })).newPage();
  await signInAs(owner, email, await enrol(owner, invite(email, 'owner'), 'Rohan Owner'));
  await openDesk(owner, 'Policies');
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Policies');
  await accessible(owner);
  await owner.getByRole('link', { name: 'Refund Policy' }).click();
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');

  const words = `Returns within 10 days of delivery (${project} ${Date.now().toString(36)}).`;
  const text = owner.getByRole('textbox', { name: 'The page' });
  // The demo's text replaced whole: selected, deleted, and the shop's typed in bold.
  await text.click();
  await owner.keyboard.press('ControlOrMeta+A');
  await owner.keyboard.press('Delete');
  await owner.getByRole('toolbar', { name: 'Formatting: The page' }).getByRole('button', { name: 'Bold' }).click();
  await owner.keyboard.type(words, { delay: 10 });
  await expect(text.locator('strong')).toHaveText(words);
  await owner.getByRole('button', { name: 'Save changes' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText('Saved. The storefront shows it now.');
  // The version saved is listed, by whom, above the ones before it.
  await expect(owner.locator('.admin-versions li').first()).toContainText('Rohan Owner');
  await accessible(owner);

  await expect
    .poll(async () => {
      await page.goto('/refund-policy');
      return main.locator('.policy-text strong').filter({ hasText: words }).count();
    })
    .toBe(1);
  await expect(main.locator('.policy-text')).not.toContainText('Demo text.');
  await expectFitsScreen(page);
  await owner.context().close();
});
