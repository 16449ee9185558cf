import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type Customer, fillAddress, mailsTo, newCustomer, operationOf, signIn } from './helpers';

// placeOrder's connection, cut by these journeys on purpose, as the browser logs it.
const CUT = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(.*\/graphql\)$/;

// A shopper who pays and then loses the page (closed tab, lost network, a phone that kills the browser)
// is charged: the shop must make the order from the provider's webhook, and say so.

const CONFIRMING =
  'Payment received. We are confirming your order; it will appear in My Orders in a moment. You will not be charged again.';

async function toPayment(page: Page, customer: Customer) {
  await signIn(page, customer);
  await page.goto('/product?sort=-price');
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(2);
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/checkout');
  await fillAddress(page);
  // The browser's placeOrder never reaches the shop: only the webhook can make this order.
  await page.route(
    (url) => url.pathname === '/graphql',
    (route) =>
      route.request().method() === 'POST' && (route.request().postData() ?? '').includes('PlaceOrder')
        ? route.abort('internetdisconnected')
        : route.continue(),
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  return title;
}

test.describe('payments the browser did not finish', () => {
  test('closing the page right after Pay: the order is in My Orders within 5 s, with one confirmation e-mail', async ({
    page,
    context,
    request,
    consoleErrors,
  }) => {
    // The connection is cut on purpose for placeOrder; the page may log it before it is closed.
    consoleErrors.allow(CUT);
    const customer = await newCustomer(request);
    const title = await toPayment(page, customer);
    const paid = page.waitForResponse((r) => /\/sim\/orders\/[^/]+\/pay$/.test(r.url()) && r.ok());
    await page
      .getByRole('dialog', { name: 'Digitic' })
      .getByRole('button', { name: /^Pay Rs\./ })
      .click();
    await paid;
    await page.close();

    const again = await context.newPage();
    await signIn(again, customer);
    await again.goto('/my-orders');
    const orders = again.getByRole('article', { name: /^Order / });
    await expect(orders).toHaveCount(1, { timeout: 5_000 });
    await expect(orders.first()).toContainText(title);
    await expect.poll(() => mailsTo(customer.email).length, { timeout: 5_000 }).toBe(1);
    const [mail] = mailsTo(customer.email);
    expect(mail?.subject).toMatch(/^Your Digitic order [0-9A-F]{8} is confirmed$/);
    expect(mail?.text).toContain(title);
    expect(mail?.text).toContain('12 MG Road');
  });

  test('a lost placeOrder: the shopper is told the payment was received, cannot pay again, and lands on the order', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The connection is cut on purpose while placeOrder is on its way.
    consoleErrors.allow(CUT);
    const customer = await newCustomer(request);
    await toPayment(page, customer);
    // The page's questions about the checkout wait until the message has been seen.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    await page.route('**/graphql?*', async (route) => {
      if (route.request().url().includes('CheckoutStatus')) await gate;
      await route.fallback();
    });
    await page.route(
      (url) => url.pathname === '/graphql',
      async (route) => {
        if (operationOf(route.request()) === 'CheckoutStatus') await gate;
        await route.fallback();
      },
    );
    await page
      .getByRole('dialog', { name: 'Digitic' })
      .getByRole('button', { name: /^Pay Rs\./ })
      .click();
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirming payment…' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirming payment…' })).toBeDisabled();
    open();
    await expect(page.getByText('Ordered createad Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/my-orders$/, { timeout: 10_000 });
    await expect(page.getByRole('article', { name: /^Order / })).toHaveCount(1);
    await expect(page.getByTestId('cart-badge')).toHaveText('0');
    expect(await page.evaluate(() => localStorage.getItem('pendingPayment'))).toBeNull();
  });
});
