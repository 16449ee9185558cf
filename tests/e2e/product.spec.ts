import { expect, test, typeInto } from './fixtures';
import { firstProduct, newCustomer, signIn } from './helpers';

test.describe('product page', () => {
  test('shows the product with its pictures, facts, colours and description', async ({ page, request }) => {
    const product = await firstProduct(request, 'PRICE_DESC');
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Home / ${product.title}`);
    await expect(page.locator('.product-info .price')).toHaveText(`Rs. ${product.price.toLocaleString('en-IN')}`);
    await expect(page.getByText('In Stock')).toBeVisible();
    await expect(page.getByText(/\(\d+ Reviews\)/)).toBeVisible();
    for (const fact of ['Type :', 'Brand :', 'Category :', 'Tags :', 'Availability :'])
      await expect(page.getByText(fact, { exact: true })).toBeVisible();
    const main = page.getByRole('region', { name: 'Pictures' }).locator('.zoom-image img');
    await expect(main).toHaveAttribute('width', '594');
    await expect(main).toHaveAttribute('height', '600');
    await page.getByRole('button', { name: 'Picture 2' }).click();
    await expect(page.getByRole('button', { name: 'Picture 2' })).toHaveAttribute('aria-pressed', 'true');
    await main.hover();
    await expect(page.locator('.zoom-pane')).toHaveCSS('width', '600px');
    await expect(page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio')).not.toHaveCount(0);
    await expect(
      page.getByText('Free shipping and returns available on all orders! We ship all India domestic orders within 5-10 business days!'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible();
    await expect(page.locator('.description li').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Popular Products' })).toBeVisible();
  });

  test('asks a guest for a colour, as everyone, then to log in, saying why', async ({ page, request }) => {
    const product = await firstProduct(request);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Please choose Color')).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { disabled: false }).first().click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: `to add ${product.title} to your cart` })).toBeVisible();
  });

  test('asks for a colour first, for a signed-in customer', async ({ page, request }) => {
    const customer = await newCustomer(request);
    const product = await firstProduct(request);
    await signIn(page, customer);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Please choose Color')).toBeVisible();
  });

  test('copies the product link', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const product = await firstProduct(request);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'Copy Product Link' }).click();
    await expect(page.getByText('Product link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('a review goes round: validated, saved, shown', async ({ page, request }) => {
    const customer = await newCustomer(request, 'Ravi');
    const product = await firstProduct(request, 'TITLE_DESC');
    await signIn(page, customer);
    await page.goto(`/product/${product.id}`);
    const form = page.getByRole('form', { name: 'Write a Review' });
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Please add star rating')).toBeVisible();
    await form.getByRole('radio', { name: '4 stars' }).click();
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Please Write Review About the Product')).toBeVisible();
    await typeInto(form.getByLabel('Comments'), 'Crisp screen, long battery.');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Rating Added Successfully')).toBeVisible();
    const review = page.locator('.review').filter({ hasText: 'Crisp screen, long battery.' });
    await expect(review).toContainText('Ravi');
    await expect(page.getByText('(1 Reviews)')).toBeVisible();
    await page.reload();
    await expect(page.locator('.review').filter({ hasText: 'Crisp screen, long battery.' })).toBeVisible();
  });
});

test.describe('search', () => {
  test('finds a product and opens it', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await typeInto(box, 'bravia');
    const options = page.getByRole('listbox', { name: 'Matching products' }).getByRole('option');
    await expect(options.first()).toContainText(/Bravia/i);
    const title = (await options.first().textContent()) ?? '';
    await options.first().click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('says when nothing matches, and pages through many matches with the keyboard', async ({ page }) => {
    await page.goto('/blogs');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await typeInto(box, 'qqqzzz');
    await expect(page.getByText('No matches found.')).toBeVisible();
    await typeInto(box, 'a');
    const options = page.getByRole('listbox', { name: 'Matching products' }).getByRole('option');
    await expect(options).toHaveCount(8);
    await page.getByRole('button', { name: 'Display additional results...' }).click();
    await expect(options).toHaveCount(16);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = (await options.nth(1).textContent()) ?? '';
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second);
  });
});
