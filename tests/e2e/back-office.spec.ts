import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { fillAddress, newCustomer, signIn } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'a long staff password';
const code = (secret: string, aheadMs = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + aheadMs });

/** `npm run staff:invite` as an operator types it (it runs inside the api that owns the embedded database): the link it prints. */
function invite(email: string, role: string): string {
  const out = execFileSync(process.execPath, [path.join(root, 'api/dist/cli/staff-invite.js'), `--email=${email}`, `--role=${role}`], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  const link = /https?:\/\/\S+\/admin\/enrol#[\w-]+/.exec(out)?.[0];
  if (!link) throw new Error(`staff:invite printed no link:\n${out}`);
  return link;
}

/** WCAG 2.2 AA by axe-core, run in the page (through the DevTools protocol: the back office's policy allows no injected script). */
async function accessible(page: Page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    }),
  );
  expect(result.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
}

/** Enrols from a one-time link: a password and the authenticator's first code; answers the secret (as the app would keep it). */
async function enrol(page: Page, link: string, name: string): Promise<string> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set up your back-office account' })).toBeVisible();
  await accessible(page);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password (at least 12 characters)').fill(PASSWORD);
  await page.getByLabel('The password again').fill(PASSWORD);
  await page.getByLabel('Code from the app').fill(code(secret));
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByRole('heading', { name: 'You are enrolled' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

async function signInAs(page: Page, email: string, secret: string) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(code(secret, 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

test.describe('the back office', () => {
  test('an owner invited from the command line invites a fulfilment member, who enrols, signs in and ships a shopper’s order with tracking', async ({
    page,
    request,
    browser,
  }) => {
    // A shopper's order to ship.
    const customer = await newCustomer(request);
    await signIn(page, customer);
    await page.goto('/product?sort=price');
    await page.getByRole('region', { name: 'Products' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto('/checkout');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page
      .getByRole('dialog', { name: 'Digitic' })
      .getByRole('button', { name: /^Pay Rs\./ })
      .click();
    await expect(page).toHaveURL(/\/my-orders$/);

    // The operator invites an owner from the command line; the owner enrols and invites a fulfilment member in the back office.
    const ownerEmail = `owner.${Date.now().toString(36)}@example.com`;
    const owner = await (await browser.newContext()).newPage();
    const ownerSecret = await enrol(owner, invite(ownerEmail, 'owner'), 'Asha Owner');
    await signInAs(owner, ownerEmail, ownerSecret);
    await owner.getByRole('link', { name: 'Staff' }).click();
    await expect(owner.getByRole('heading', { name: 'Staff' })).toBeVisible();
    const email = `fulfil.${Date.now().toString(36)}@example.com`;
    await owner.getByLabel('E-mail').fill(email);
    await owner.getByLabel('Name').fill('Ravi Fulfil');
    await owner.getByLabel('Role', { exact: true }).selectOption('FULFILMENT');
    await owner.getByRole('button', { name: 'Invite' }).click();
    const link = (await owner.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toMatch(/\/admin\/enrol#[\w-]+$/);
    await expect(owner.getByRole('table').getByRole('row').filter({ hasText: email })).toContainText('invited');
    await accessible(owner);

    // The member enrols in a browser of their own.
    const staff = await (await browser.newContext()).newPage();
    const secret = await enrol(staff, link, 'Ravi Fulfil');
    await staff.getByRole('link', { name: 'Sign in' }).click();

    await staff.getByLabel('E-mail').fill(email);
    await staff.getByLabel('Password').fill(PASSWORD);
    await staff.getByLabel('Code from your authenticator app').fill('000000');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect(staff.getByRole('alert')).toHaveText('The e-mail, password or code is not right');
    await staff.getByLabel('Code from your authenticator app').fill(code(secret, 30_000));
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect(staff.getByRole('heading', { name: 'Orders' })).toBeVisible();
    // A fulfilment member sees no audit trail.
    await expect(staff.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);

    await staff.getByLabel('Order number, e-mail or phone').fill(customer.email);
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect(staff.getByRole('table').getByRole('row')).toHaveCount(2);
    await accessible(staff);
    await staff.getByRole('table').getByRole('link').first().click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Ordered');
    await staff.getByRole('button', { name: 'Mark Processed' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Processed');
    // Shipping needs the parcel's tracking: the api says so.
    await staff.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(staff.getByRole('alert')).toHaveText('Shipping needs the carrier');
    await staff.getByLabel('Carrier').fill('Delhivery');
    await staff.getByLabel('Tracking number').fill('DL123456789IN');
    await staff.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DL123456789IN');
    await staff.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Shipped');
    await staff.getByLabel('Internal note').fill('Double-boxed');
    await staff.getByRole('button', { name: 'Add note' }).click();
    const timeline = staff.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(2)).toContainText('Processed → Shipped (Delhivery DL123456789IN)');
    await expect(timeline.nth(2)).toContainText(email);
    await expect(timeline.nth(3)).toContainText('Note: Double-boxed');
    await accessible(staff);

    // The owner reads every one of those actions in the audit trail, with who did it.
    await owner.getByRole('link', { name: 'Audit trail' }).click();
    await owner.getByLabel(/^Action/).fill('order.status');
    const audit = owner.getByRole('table').getByRole('row').filter({ hasText: email });
    await expect(audit).toHaveCount(2);
    await accessible(owner);

    await staff.getByRole('button', { name: 'Sign out' }).click();
    await expect(staff.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    await staff.goto('/admin/orders');
    await expect(staff.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  });
});
