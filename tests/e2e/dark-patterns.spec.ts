import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillAddress, firstProduct, gql, newCustomer, payForCart, signIn } from './helpers';

// The three dark patterns of the Guidelines for Prevention and Regulation of Dark Patterns, 2023 that a shop's
// flows could fall into, each tried as a shopper meets it (docs/compliance.md): drip pricing, false urgency and
// basket sneaking. Each test fails if the flow starts doing it.

/** Words that press a shopper with scarcity or time: the shop never says them (its only word on stock is the api's refusal). */
const URGENCY =
  /hurry|only \d+ left|\d+ left in stock|selling fast|almost gone|limited time|offer ends|ends in \d|last chance|\d+ (people|others|shoppers) (are )?(viewing|looking|bought)|countdown/i;

/** A clock's reading (12:59, 00:04:59): a countdown shows one, and its text moves. */
const CLOCK = /\b\d{1,2}:\d{2}(:\d{2})?\b/g;

/** The page says no word of urgency, and no clock on it moves in two seconds. */
async function saysNoUrgency(page: Page, path: string) {
  const said = await page.locator('body').innerText();
  expect(said, path).not.toMatch(URGENCY);
  const clocks = said.match(CLOCK) ?? [];
  await page.waitForTimeout(2_200);
  expect((await page.locator('body').innerText()).match(CLOCK) ?? [], `${path}: a clock moved`).toEqual(clocks);
}

const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN')}`;

async function addOne(page: Page, productId: string, quantity = 1) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { disabled: false }).first().click();
  const field = page.getByLabel('Quantity :');
  await field.selectText();
  await field.pressSequentially(String(quantity), { delay: 100 });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

test('no drip pricing: the total the cart shows, GST and shipping in it, is what the checkout asks, the widget charges and the order costs', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await signIn(page, customer);
  const product = await firstProduct(request);
  await addOne(page, product.id, 2);
  const total = 2 * product.price + 100;
  // On the cart, before any step of the checkout: the shipping fee, the total and the GST inside it.
  const breakdown = page.locator('.cart-breakdown');
  await expect(breakdown).toContainText(`Shipping: ${rupees(100)} · Total: ${rupees(total)}, including GST of Rs.`);
  const gst = ((await breakdown.textContent()) ?? '').replace(/^.*GST of /, '');
  await page.getByRole('link', { name: 'Checkout' }).click();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByRole('definition').filter({ hasText: rupees(total) })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: gst })).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Digitic' });
  // Nothing added at the last step: the widget charges the total the cart showed.
  await expect(dialog.getByText(`Amount: ${rupees(total)}`)).toBeVisible();
  await dialog.getByRole('button', { name: /^Pay Rs\./ }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByRole('article', { name: /^Order / }).first()).toContainText(rupees(total));
});

test('no false urgency: the store, a product, the cart and the checkout say nothing of scarcity or time, and nothing counts down', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await signIn(page, customer);
  const product = await firstProduct(request);
  for (const path of ['/', '/product', `/product/${product.id}`]) {
    await page.goto(path);
    await saysNoUrgency(page, path);
  }
  await addOne(page, product.id);
  await saysNoUrgency(page, '/cart');
  await page.goto('/checkout');
  await saysNoUrgency(page, '/checkout');
});

test('no basket sneaking: a new account’s cart is empty, holds only what was chosen, nothing is ticked for the shopper, and the order is the cart', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const { cart } = await gql<{ cart: { lines: unknown[] } }>(request, '{ cart { lines { id } } }', {}, customer.token);
  expect(cart.lines).toEqual([]);
  await signIn(page, customer);
  const product = await firstProduct(request);
  await addOne(page, product.id);
  // The cart: one line, the product chosen, one of it.
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(product.title);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('complementary', { name: 'Order summary' }).getByRole('listitem')).toHaveCount(1);
  // Nothing chosen for the shopper: no box comes ticked (no insurance, gift wrap, donation or consent).
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await payForCart(page);
  const { myOrders } = await gql<{ myOrders: { total: number; items: { productId: string; quantity: number; price: number }[] }[] }>(
    request,
    '{ myOrders { total items { productId quantity price } } }',
    {},
    customer.token,
  );
  expect(myOrders).toEqual([{ total: product.price + 100, items: [{ productId: product.id, quantity: 1, price: product.price }] }]);
  // The sign-up form too comes with nothing ticked.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signup');
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);
});
