import { expect, test, typeInto } from './fixtures';
import { fillAddress, mailsTo, newCustomer, signIn } from './helpers';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

const rupees = (n: number) => `Rs. ${n.toLocaleString('en-IN')}`;

test.describe('coupons', () => {
  test('a catalogue member makes a coupon; a shopper applies it at checkout, pays the discounted total in the simulator, and sees it on the order', async ({
    page,
    browser,
    request,
  }) => {
    const code = `JOURNEY${Date.now().toString(36).toUpperCase()}`;
    const email = `coupons.${Date.now().toString(36)}@example.com`;
    const desk = await (await browser.newContext()).newPage();
    const secret = await enrol(desk, invite(email, 'catalogue'), 'Meera Catalogue');
    await signInAs(desk, email, secret);
    await openDesk(desk, 'Coupons');
    await expect(desk.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
    await accessible(desk);
    await desk.getByRole('link', { name: 'Make a coupon' }).click();
    await expect(desk.getByRole('heading', { name: 'New coupon' })).toBeVisible();
    await typeInto(desk.getByLabel('Code (3 to 32 letters, digits, - or _)'), code.toLowerCase());
    await desk.getByLabel('Takes off').selectOption('PERCENT');
    await typeInto(desk.getByLabel('Percentage (1 to 100)'), '10');
    await typeInto(desk.getByLabel('Uses in all (empty: no limit)'), '5');
    await typeInto(desk.getByLabel('Uses per customer (empty: no limit)'), '1');
    await desk.getByRole('button', { name: 'Make the coupon' }).click();
    await expect(desk.getByRole('heading', { name: `Coupon ${code}` })).toBeVisible();
    await expect(desk.getByText(/^On: 10% off, always\. Used 0 times/)).toBeVisible();
    await accessible(desk);

    // The shopper: the fourth dearest product (no other journey counts its stock or its price).
    const customer = await newCustomer(request);
    await signIn(page, customer);
    await page.goto('/product?sort=-price');
    const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(3);
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const price = Number(((await page.locator('.product-info .price').first().textContent()) ?? '').replace(/\D/g, ''));
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.goto('/checkout');
    await fillAddress(page);

    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await typeInto(summary.getByLabel('Coupon code'), 'NOT-A-COUPON');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByRole('alert')).toHaveText('The coupon code NOT-A-COUPON is not valid');
    await typeInto(summary.getByLabel('Coupon code'), code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply' }).click();
    const discount = Math.floor(price / 10);
    const due = price + 100 - discount;
    await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
    await expect(summary.locator('dd.total')).toHaveText(rupees(due));

    await page.getByRole('button', { name: 'Place Order' }).click();
    // The simulator's widget asks for the discounted total the server priced.
    await page
      .getByRole('dialog', { name: 'Digitic' })
      .getByRole('button', { name: `Pay ${rupees(due)}` })
      .click();
    await expect(page).toHaveURL(/\/my-orders$/);
    const order = page.getByRole('article', { name: /^Order / }).first();
    await expect(order).toContainText(title);
    await expect(order).toContainText(`(coupon ${code}: -${rupees(discount)})`);
    await expect.poll(() => mailsTo(customer.email).length).toBe(1);
    expect(mailsTo(customer.email)[0]?.text).toContain(`Coupon ${code}: -${rupees(discount)}`);
    expect(mailsTo(customer.email)[0]?.text).toContain(`Total paid: ${rupees(due)}`);

    // The desk sees the use.
    await desk.reload();
    await expect(desk.getByText(/Used 1 time;/)).toBeVisible();
  });
});
