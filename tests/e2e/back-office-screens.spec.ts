import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { NAVIGATION } from '../../admin/src/app/navigation';
import { expect, expectFitsScreen, test, typeInto } from './fixtures';
import { buy, gql, newCustomer } from './helpers';
import { accessible, enrol, invite, signInAs } from './staff';

// Every screen of the back office, as an owner sees it on a laptop (1366 × 768) and on a phone (390 × 844): axe
// finds no WCAG 2.2 AA violation, nothing scrolls sideways, and its picture is taken. With DOCS_SCREENSHOTS=1
// the pictures are written where docs/back-office.md shows them (npm run docs:screenshots in tests/), so the
// guide's pictures are the journey's.

const DOCS = path.resolve(import.meta.dirname, '../../docs/images/back-office');
/** The screens the guide shows (its walk through an owner's day); the rest are pictured in the run's output only. */
const IN_THE_GUIDE: Record<string, string[]> = {
  desktop: ['today', 'orders', 'order', 'packing-slip', 'product', 'enquiry', 'customer', 'reports', 'audit', 'settings', 'staff'],
  phone: ['menu', 'order', 'product'],
};

async function checked(page: Page, name: string, where: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await accessible(page);
  await expectFitsScreen(page, where);
  const project = test.info().project.name;
  const file =
    process.env.DOCS_SCREENSHOTS && IN_THE_GUIDE[project]?.includes(name)
      ? path.join(DOCS, `${project}-${name}.png`)
      : test.info().outputPath(`${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  // At the page's own pixels (a phone's 390 px, not its three device pixels each): the guide's pictures stay light.
  await page.screenshot({ path: file, scale: 'css', animations: 'disabled', caret: 'hide' });
}

test('every back-office screen passes axe, fits the screen and is pictured, on a laptop and a phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const phone = test.info().project.name === 'phone';
  const stamp = Date.now().toString(36);
  // Something on every desk: a shopper's paid order and an enquiry.
  const shopper = await browser.newContext();
  const customer = await newCustomer(request, 'Meera');
  await buy(await shopper.newPage(), customer, 0, { phone: '98765-43210' });
  await shopper.close();
  await gql(request, 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id } }', {
    i: { name: 'Meera Iyer', email: customer.email, mobile: '9876543210', comment: 'Is the charger in the box?' },
  });

  // The project's screen: a laptop's (1366 × 768) or a phone's (390 × 844).
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `screens.${test.info().project.name}.${stamp}@example.com`;
  const secret = await enrol(page, invite(email, 'owner'), 'Anita Owner');
  await page.goto('/admin/sign-in');
  await checked(page, 'sign-in', '/admin/sign-in');
  await signInAs(page, email, secret);

  // Every desk of the navigation (an owner may open them all).
  for (const desk of NAVIGATION.flatMap((g) => g.desks)) {
    await page.goto(`/admin${desk.to === '/' ? '/' : desk.to}`);
    await expect(page).toHaveTitle(`${desk.label} · Back office · Digitic`);
    await checked(page, desk.to === '/' ? 'today' : desk.to.slice(1).replace(/\//g, '-'), desk.to);
  }
  if (phone) {
    // The menu open, over the screen.
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Desks' })).toBeVisible();
    await checked(page, 'menu', 'the menu');
  }

  // A record of each kind, opened from its list: the order (and its packing slip), the customer, a product, a post,
  // the enquiry; and the forms that make new ones.
  const open = async (list: string, link: RegExp | string, name: string) => {
    await page.goto(`/admin${list}`);
    await page.getByRole('main').getByRole('table').getByRole('link', { name: link }).first().click();
    await expect(page).not.toHaveURL(new RegExp(`/admin${list}$`));
    await checked(page, name, `a record of ${list}`);
  };
  await page.goto('/admin/orders');
  await typeInto(page.getByLabel('Order number, e-mail or phone'), customer.email);
  await page.getByLabel('Order number, e-mail or phone').press('Enter');
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/orders\/[\w-]+$/);
  await checked(page, 'order', 'an order');
  await page.getByRole('link', { name: 'Packing slip' }).click();
  await checked(page, 'packing-slip', 'a packing slip');
  // Customers are looked up, not listed.
  await page.goto('/admin/customers');
  await typeInto(page.getByLabel('E-mail (or its beginning) or phone'), customer.email);
  await page.getByLabel('E-mail (or its beginning) or phone').press('Enter');
  await page.getByRole('main').getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/customers\/[\w-]+$/);
  await checked(page, 'customer', 'a customer');
  await open('/products', /./, 'product');
  await open('/posts', /./, 'post');
  await open('/enquiries', /Meera Iyer/, 'enquiry');
  for (const [to, name] of [
    ['/products/new', 'new-product'],
    ['/coupons/new', 'new-coupon'],
    ['/posts/new', 'new-post'],
  ] as const) {
    await page.goto(`/admin${to}`);
    await checked(page, name, to);
  }
  await context.close();
});
