import { expect, test } from './fixtures';

test.describe('every page has the shop around it', () => {
  test('header, menu and footer carry the spec texts', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByText('Free Shipping Over AED 400 & Free Returns')).toBeVisible();
    await expect(header.getByRole('link', { name: '+971 4 555 0100' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Digitic' })).toBeVisible();
    await expect(header.getByPlaceholder('Search for Products here')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log in / My Account' })).toHaveAttribute('href', '/login');
    await expect(header.getByTestId('cart-badge')).toHaveText('0');
    for (const item of ['Home', 'New Arrival', 'My Orders', 'Blogs', 'Best Sellers', 'Support']) {
      await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: 'New Arrival' })).toHaveAttribute('href', '/product');
    await header.getByText('Shop Categories').click();
    await expect(header.getByRole('listitem').filter({ hasText: 'Laptops' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'LogOut' })).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByPlaceholder('Your Email Address')).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    for (const link of [
      'Privacy Policy',
      'Refund Policy',
      'Shipping Policy',
      'Terms & Conditions',
      'Blogs',
      'About Us',
      'Faq',
      'Contact',
      'Laptops',
      'Headphones',
      'Tablets',
      'Watch',
    ]) {
      await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'care@digitic.test' })).toBeVisible();
    await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
    for (const social of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube'])
      await expect(footer.getByRole('link', { name: social })).toBeVisible();
  });

  test('the home page shows real products and blogs', async ({ page }) => {
    await page.goto('/');
    for (const section of ['Featured Collection', 'Special Products', 'Our Popular Products', 'Our Latest Blogs']) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Featured Collection' }).getByRole('article')).toHaveCount(4);
    await expect(
      page
        .getByRole('region', { name: 'Our Latest Blogs' })
        .getByRole('link', { name: /Read More/ })
        .first(),
    ).toBeVisible();
    await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Cameras' }).click();
    await expect(page).toHaveURL(/\/product\?category=Cameras/);
  });

  test.describe('content pages render with the breadcrumb', () => {
    const pages: [string, string][] = [
      ['/about', 'About Us'],
      ['/best-sellers', 'Best Sellers'],
      ['/support', 'Support'],
      ['/compare-product', 'Compare Products'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/refund-policy', 'Refund Policy'],
      ['/shipping-policy', 'Shipping Policy'],
      ['/term-conditions', 'Terms & Conditions'],
      ['/contact', 'Contact Us'],
      ['/blogs', 'Blogs'],
      ['/product', 'Our Store'],
    ];
    for (const [path, title] of pages) {
      test(`${path} shows 'Home / ${title}'`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`Home / ${title}`);
      });
    }
  });

  test('an unknown page says No product found!', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'No product found!' })).toBeVisible();
    await page.goto('/product/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'No product found!' })).toBeVisible();
  });
});
