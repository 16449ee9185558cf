import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectFitsScreen, test } from './fixtures';
import { fillAddress, firstProduct, newCustomer, operationOf, signIn } from './helpers';

async function addToCart(page: Page, index: number, colour: number, quantity: number) {
  await page.goto('/product?sort=price');
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(index);
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').nth(colour).click();
  const field = page.getByLabel('Quantity :');
  await field.selectText();
  await field.pressSequentially(String(quantity), { delay: 100 });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product Added To Cart')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  return title;
}

test.describe('shopping', () => {
  test("a guest's choice is kept across sign-up and sign-in, and is in the cart after", async ({ page, request }) => {
    const product = await firstProduct(request, 'TITLE_ASC');
    await page.goto(`/product/${product.id}`);
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { disabled: false }).first().click();
    const quantity = page.getByLabel('Quantity :');
    await quantity.selectText();
    await quantity.pressSequentially('2', { delay: 120 });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: `to add ${product.title} to your cart` })).toBeVisible();

    await page.getByRole('link', { name: 'SignUp' }).click();
    const email = `kept.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    await page.getByLabel('Name', { exact: true }).pressSequentially('Meera Shah', { delay: 40 });
    await page.getByLabel('Email', { exact: true }).pressSequentially(email, { delay: 20 });
    await page.getByLabel('Password', { exact: true }).pressSequentially('correct horse battery', { delay: 20 });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('User Created Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The new account's e-mail is carried over; nothing stale stands beside the fields.
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByText(/must be at least|is Required/)).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).pressSequentially('correct horse battery', { delay: 20 });
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(`${product.title} is in your cart.`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.goto('/cart');
    await expect(page.getByLabel(`Quantity of ${product.title}`)).toHaveValue('2');
  });

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
    // The page fits the screen it is on (390 px on the phone: the lines are cards there).
    await expectFitsScreen(page);
    // A quantity typed as a person types, key by key: the field keeps the digits and one update is sent.
    const updates: string[] = [];
    page.on('request', (r) => {
      if (operationOf(r) === 'UpdateCartLine') updates.push(r.url());
    });
    const quantity = page.getByLabel(`Quantity of ${second}`);
    await quantity.click();
    await quantity.selectText();
    await quantity.pressSequentially('10', { delay: 150 });
    await expect(quantity).toHaveValue('10');
    await expect(page.getByText('Product Updated Successfully!')).toHaveCount(1);
    await expect(quantity).toHaveValue('10');
    expect(updates).toHaveLength(1);
    // − answers a tap, and sends one more update.
    await page.getByRole('button', { name: `Decrease ${second} quantity` }).click();
    await expect(quantity).toHaveValue('9');
    await expect.poll(() => updates.length).toBe(2);
    // The delete is a box a thumb can hit, and a line deleted by mistake comes back from the toast's Undo.
    const remove = page.getByRole('button', { name: `Delete ${third}` });
    const box = (await remove.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await remove.click();
    await expect(page.getByText('Product Deleted From Cart Successfully!')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.filter({ hasText: third })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('3');
    await page.getByRole('button', { name: `Delete ${third}` }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await expect(page.getByText('Taxes and shipping calculated at checkout')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue To Shopping' })).toHaveAttribute('href', '/product');
    const subtotalText = (await page.locator('.cart-summary p', { hasText: 'SubTotal:' }).locator('.price').textContent()) ?? '';
    const subtotal = Number(subtotalText.replace(/[^\d]/g, ''));
    // No drip pricing: the shipping fee, the total and the GST inside it are on the cart, before checkout.
    const breakdown = page.locator('.cart-breakdown');
    await expect(breakdown).toHaveText(
      new RegExp(
        `^Shipping: Rs\\. 100 · Total: Rs\\. ${(subtotal + 100).toLocaleString('en-IN')}, including GST of Rs\\. [\\d,]+\\.\\d{2}$`,
      ),
    );
    const gst = ((await breakdown.textContent()) ?? '').replace(/^.*GST of /, '');
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
    // The courier's phone: the profile's mobile number, filled in; a number that is no Indian mobile is named.
    const phone = page.getByPlaceholder('Phone for delivery (optional)');
    // Emptied, and seen empty before typing on: a clear made while the page settles after a refusal is made again.
    const clear = (field: typeof phone) =>
      expect(async () => {
        await field.fill('');
        await expect(field).toHaveValue('', { timeout: 1_000 });
      }).toPass({ timeout: 8_000 });
    await expect(phone).toHaveValue(customer.mobile ?? '');
    await clear(phone);
    await phone.pressSequentially('98765', { delay: 15 });
    // A pincode typed one digit too many times twice over: a sentence beside the field, nothing sent.
    await page.getByPlaceholder('Zipcode').pressSequentially('123456', { delay: 15 });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Pincode must be the 6 digits of an Indian PIN code')).toBeVisible();
    await expect(page.getByText('Phone must be an Indian mobile number: 10 digits, starting with 6, 7, 8 or 9')).toBeVisible();
    // The refusal takes the shopper to the first field it names. (Both sentences were already shown as they typed, so
    // this is what says the refusal is done: typing on before it would race the focus moving, as no person does.)
    await expect(page.getByPlaceholder('Zipcode')).toBeFocused();
    await clear(phone);
    await phone.pressSequentially('+91 70123 45678', { delay: 15 });
    await expect(phone).toHaveValue('+91 70123 45678');
    await expect(page.getByText(/Response not successful|status code|GraphQL/)).toHaveCount(0);
    await page.getByPlaceholder('Zipcode').fill('');
    await page.getByPlaceholder('Zipcode').pressSequentially('395003', { delay: 15 });
    // A business buyer's GSTIN, typed with a slip of the finger: named at once, then put right.
    const gstin = page.getByPlaceholder('GSTIN, for a business purchase (optional)');
    await gstin.pressSequentially('24aaacd1234f1zx', { delay: 15 });
    await gstin.blur();
    await expect(page.getByText('The GSTIN’s last character does not match: a character is mistyped')).toBeVisible();
    await gstin.press('End');
    await gstin.press('Backspace');
    await gstin.pressSequentially('d', { delay: 15 });
    await expect(page.getByText('The GSTIN’s last character does not match: a character is mistyped')).toHaveCount(0);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText(`Rs. ${(subtotal + 100).toLocaleString('en-IN')}`)).toBeVisible();
    // The GST inside the total, as the cart said, before paying.
    await expect(summary.getByRole('definition').filter({ hasText: gst })).toBeVisible();

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
    // My Orders fits the screen it is on (cards on a phone).
    await expectFitsScreen(page);
    await expect(orders.first()).toContainText(`Rs. ${(subtotal + 100).toLocaleString('en-IN')}`);
    await expect(orders.first()).toContainText('Ordered');
    await expect(orders.first()).toContainText(first);
    await expect(orders.first()).toContainText(second);
    expect(await page.evaluate(() => localStorage.getItem('address'))).toBeNull();
    // Its tax invoice, downloaded from My Orders: a PDF named by its number.
    const invoice = orders.first().getByRole('button', { name: /^Download tax invoice INV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test("alerts 'Razorpay SDK faild to Load' when the widget cannot load, and a dismissed payment keeps the cart", async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The widget's script is blocked on purpose.
    consoleErrors.allow(/^Failed to load resource: net::ERR_FAILED \(.*\/payment-simulator\/checkout\.js\)$/);
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
