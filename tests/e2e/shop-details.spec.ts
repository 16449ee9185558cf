import { expect, expectFitsScreen, test, typeInto } from './fixtures';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

// The shop's own details (#40, settings): the owner types them in the back office, on a laptop and on a phone;
// the storefront's next page shows them (the header's hotline and notice, Contact Us), the audit trail reads
// each change before → after, and a detail blanked again shows its default. Run after every other journey
// (its own project): what every page says of the shop changes here, and goes back at the end.

test('the owner changes the shop’s details and the storefront shows them at once; blank goes back to the default', async ({
  page,
  browser,
}) => {
  const project = test.info().project.name.replace(/\W+/g, '-');
  const email = `details.${project}.${Date.now().toString(36)}@example.com`;
  const owner = await (await browser.newContext({ timezoneId: 'America/New_York' })).newPage();
  await signInAs(owner, email, await enrol(owner, invite(email, 'owner'), 'Meera Owner'));
  await openDesk(owner, 'Shop details');
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Shop details');
  await expect(owner).toHaveTitle('Shop details · Back office · Digitic');
  const form = owner.getByRole('form', { name: 'Shop details' });
  // Each blank detail says what shows instead.
  await expect(form.getByText('Blank shows: Free Shipping Over AED 400 & Free Returns')).toBeVisible();
  await accessible(owner);

  // A wrong e-mail is named beside its field before anything is sent.
  await typeInto(form.getByLabel('Support e-mail'), 'care at digitic');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The support e-mail is not an e-mail address')).toBeVisible();
  await accessible(owner);

  const hotline = `+91 261 400 ${String(Date.now() % 10_000).padStart(4, '0')}`;
  // A long address, as many shops' are: every page that shows it must still fit a phone's screen.
  await typeInto(form.getByLabel('Support e-mail'), 'customer.care@digitic-electronics.in');
  await typeInto(form.getByLabel('Support phone'), hotline);
  await typeInto(form.getByLabel('Header notice'), 'Free shipping over Rs. 999');
  await typeInto(form.getByLabel('Legal name'), 'Digitic Retail Private Limited');
  // The grievance officer the E-Commerce Rules ask every page to name.
  await typeInto(form.getByLabel("Grievance officer's name"), 'Asha Mehta');
  await typeInto(form.getByLabel("Grievance officer's designation"), 'Head of Customer Care');
  await typeInto(form.getByLabel("Grievance officer's e-mail"), 'grievance@digitic.in');
  await typeInto(form.getByLabel("Grievance officer's phone"), '+91 79 4000 1234');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. The store shows it now.');
  const savedAt = Date.now();

  // The storefront's next page, server-rendered by the gateway: the header strip and Contact Us.
  await expect
    .poll(async () => {
      await page.goto('/contact');
      return page.locator('.header-strip').textContent();
    })
    .toContain(hotline);
  expect(Date.now() - savedAt).toBeLessThan(5_000);
  await expect(page.locator('.header-strip')).toContainText('Free shipping over Rs. 999');
  await expect(page.getByRole('main').getByRole('link', { name: 'customer.care@digitic-electronics.in' })).toBeVisible();
  await expect(page.getByRole('main').locator('.seller-details')).toContainText(
    'Grievance Officer: Asha Mehta, Head of Customer Care, grievance@digitic.in, +91 79 4000 1234.',
  );
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'grievance@digitic.in' })).toHaveAttribute(
    'href',
    'mailto:grievance@digitic.in',
  );
  await expectFitsScreen(page);
  // The product page names it as the consumer-care contact, in its details beside the pictures: within the screen too
  // (on a 390 px phone its details column once pushed the page to 409 px and the add-to-cart bar past the edge).
  await page.goto('/product?sort=title');
  await page.getByRole('region', { name: 'Products' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page.locator('.product-facts')).toContainText('customer.care@digitic-electronics.in');
  await expectFitsScreen(page);
  if (test.info().project.name.endsWith('on a phone')) {
    // The sticky bar at the foot of the phone's screen: its button wholly on screen, and a tap adds (the spec's toast).
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    const box = await addToCart.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844, 'Add to Cart wholly on the screen').toBe(true);
  }

  // The audit trail: one row, each detail before → after, in words.
  await openDesk(owner, 'Audit trail');
  const row = owner.getByRole('table').getByRole('row').filter({ hasText: "Shop's details changed" }).first();
  await expect(row).toContainText('Header notice');
  await expect(row).toContainText('Free shipping over Rs. 999');

  // Blank again: the defaults show.
  await openDesk(owner, 'Shop details');
  for (const label of [
    'Support e-mail',
    'Support phone',
    'Header notice',
    'Legal name',
    "Grievance officer's name",
    "Grievance officer's designation",
    "Grievance officer's e-mail",
    "Grievance officer's phone",
  ])
    await form.getByLabel(label).fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved. The store shows it now.');
  await expect
    .poll(async () => {
      await page.goto('/contact');
      return page.locator('.header-strip').textContent();
    })
    .toContain('Free Shipping Over AED 400 & Free Returns');
  await expect(page.locator('.header-strip')).not.toContainText(hotline);
  await owner.context().close();
});
