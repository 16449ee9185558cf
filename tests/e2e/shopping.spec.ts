import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillAddress, newCustomer, signIn } from './helpers';

async function addToCart(page: Page, index: number, colour: number, quantity: number) {
  await page.goto('/product?sort=price');
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(index);
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').nth(colour).click();
  await page.getByLabel('Quantity :').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product Added To Cart')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  return title;
}

test.describe('shopping', () => {
  test('wishlist hearts toggle at once, survive a reload, and the wishlist page removes', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await signIn(page, customer);
    await page.goto('/product?sort=price');
    const card = page.getByRole('region', { name: 'Products' }).getByRole('article').first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button', { name: `Add ${title} to wishlist` }).click();
    await expect(card.getByRole('button', { name: `Remove ${title} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Products' })
        .getByRole('article')
        .first()
        .getByRole('button', { name: `Remove ${title} from wishlist` }),
    ).toBeVisible();
    await page.goto('/wishlist');
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await page.getByRole('button', { name: `Remove ${title} from wishlist` }).click();
    await expect(page.getByText('No Data')).toBeVisible();
  });

  test('cart, checkout, pay in the simulator, see the order; a declined payment keeps the cart', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await signIn(page, customer);
    const first = await addToCart(page, 0, 0, 2);
    const second = await addToCart(page, 1, 1, 1);
    const third = await addToCart(page, 2, 0, 1);
    await expect(page.getByTestId('cart-badge')).toHaveText('3');

    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: first })).toBeVisible();
    await page.getByLabel(`Quantity of ${second}`).fill('3');
    await expect(page.getByText('Product Updated Successfully!')).toBeVisible();
    await page.getByRole('button', { name: `Delete ${third}` }).click();
    await expect(page.getByText('Product Deleted From Cart Successfully!')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await expect(page.getByText('Taxes and shipping calculated at checkout')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue To Shopping' })).toHaveAttribute('href', '/product');
    const subtotalText = (await page.locator('.cart-summary .price').textContent()) ?? '';
    const subtotal = Number(subtotalText.replace(/[^\d]/g, ''));
    await page.getByRole('link', { name: 'Checkout' }).click();

    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Cart / Information / Shipping / Payment');
    await page.getByRole('button', { name: 'Place Order' }).click();
    for (const m of [
      'First Name is Required',
      'Last Name is Required',
      'Address Details are Required',
      'city is Required',
      'S tate is Required',
      'country is Required',
      'Pincode is Required',
    ]) {
      await expect(page.getByText(m)).toBeVisible();
    }
    await fillAddress(page);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText(`Rs. ${(subtotal + 100).toLocaleString('en-IN')}`)).toBeVisible();

    // A declined payment: the cart stays as it was.
    await page.getByRole('button', { name: 'Place Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Digitic' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Test Transaction')).toBeVisible();
    await expect(dialog.getByText(`Amount: Rs. ${(subtotal + 100).toLocaleString('en-IN')}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Decline payment' }).click();
    await expect(page.getByText(/declined.*Your cart is unchanged/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close payment dialog' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');

    // Paying for real, with a double click on Place Order.
    await page.getByRole('button', { name: 'Place Order' }).dblclick();
    await expect(page.getByRole('dialog', { name: 'Digitic' })).toHaveCount(1);
    await page
      .getByRole('dialog', { name: 'Digitic' })
      .getByRole('button', { name: /^Pay Rs\./ })
      .click();
    await expect(page.getByText('Ordered createad Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/my-orders$/);
    await expect(page.getByTestId('cart-badge')).toHaveText('0');
    const orders = page.getByRole('article', { name: /^Order / });
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText(`Rs. ${(subtotal + 100).toLocaleString('en-IN')}`);
    await expect(orders.first()).toContainText('Ordered');
    await expect(orders.first()).toContainText(first);
    await expect(orders.first()).toContainText(second);
    expect(await page.evaluate(() => localStorage.getItem('address'))).toBeNull();
  });

  test("alerts 'Razorpay SDK faild to Load' when the widget cannot load, and a dismissed payment keeps the cart", async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    await signIn(page, customer);
    await addToCart(page, 4, 0, 1);
    await page.goto('/checkout');
    await fillAddress(page);
    // The first load of the widget fails; later ones go through.
    let failWidget = true;
    await page.route('**/payment-simulator/checkout.js', (route) => (failWidget ? route.abort() : route.continue()));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect.poll(() => alerts).toEqual(['Razorpay SDK faild to Load']);
    failWidget = false;
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('dialog', { name: 'Digitic' }).getByRole('button', { name: 'Close payment dialog' }).click();
    await expect(page.getByText('Payment cancelled. Your cart is unchanged.')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
  });

  test('a product already in the cart offers Go to Cart', async ({ page, request }) => {
    const customer = await newCustomer(request);
    await signIn(page, customer);
    const title = await addToCart(page, 3, 0, 1);
    await page.goto('/product?sort=price');
    await page.getByRole('region', { name: 'Products' }).getByRole('article').nth(3).getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: 'Go to Cart' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Color' })).toHaveCount(0);
  });
});
