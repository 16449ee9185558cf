import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { buy, newCustomer } from './helpers';
import { accessible } from './staff';

// The shopper's rights over their data (Digital Personal Data Protection Act, 2023, ss. 11-12; #42): they buy, download
// their tax invoice, then in My Profile download a JSON file of everything the shop holds about them, and delete their
// account with their password typed again; afterwards they cannot sign in. On a laptop and a phone.

test('buy, download the invoice, download my data, delete my account: then no one signs in to it', async ({ page, request }) => {
  const customer = await newCustomer(request, 'Nisha');
  const productId = await buy(page, customer);
  const invoice = page.getByRole('button', { name: /^Download tax invoice INV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ }).first();
  const [pdf] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await page.goto('/my-profile');
  const card = page.getByRole('region', { name: 'Your data' });
  await expect(card).toBeVisible();
  // The consent record: the notice version agreed to at sign-up, and how to withdraw it.
  await expect(
    card.getByText(/^You agreed to our privacy notice \(version \d+\) when you signed up on \d{1,2} \w+ \d{4}\. To withdraw/),
  ).toBeVisible();
  await accessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    profile: { email: string }[];
    orders: { id: string }[];
    orderItems: { order_id: string; product_id: string }[];
  };
  expect(data.profile[0]?.email).toBe(customer.email);
  expect(data.orders).toHaveLength(1);
  expect(data.orderItems).toEqual([expect.objectContaining({ order_id: data.orders[0]?.id, product_id: productId })]);
  expect(JSON.stringify(data)).not.toMatch(/password_hash|token_hash/);

  // Delete my account: asked twice, the second time with the password typed key by key.
  await card.getByRole('button', { name: 'Delete my account…' }).click();
  const form = page.getByRole('form', { name: 'Delete my account' });
  await form.getByLabel('Your password').pressSequentially('not my password', { delay: 20 });
  await form.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(form.getByRole('alert')).toHaveText('The password is not right: your account is kept');
  // With the order on its way, the account is kept until it is delivered or cancelled: the shopper cancels it.
  await form.getByLabel('Your password').fill('');
  await form.getByLabel('Your password').pressSequentially(customer.password, { delay: 20 });
  await form.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(form.getByRole('alert')).toHaveText(/^An order, a payment or a return of yours is still under way/);
  await page.goto('/my-orders');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByText(/^Cancelled on /)).toBeVisible();
  await page.goto('/my-profile');
  await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account…' }).click();
  await form.getByLabel('Your password').fill('');
  await form.getByLabel('Your password').pressSequentially(customer.password, { delay: 20 });
  await accessible(page);
  await form.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText('Your account is deleted. The tax invoices of your orders are kept, as the GST law requires.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in / My Account' })).toBeVisible();

  // No one signs in to it again.
  await page.goto('/login');
  await page.getByPlaceholder('Email', { exact: true }).pressSequentially(customer.email, { delay: 5 });
  await page.getByPlaceholder('Password', { exact: true }).pressSequentially(customer.password, { delay: 5 });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
