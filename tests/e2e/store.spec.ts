import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const cards = (page: Page) => page.getByRole('region', { name: 'Products' }).getByRole('article');
const prices = async (page: Page) => (await cards(page).locator('.price').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));

test.describe('Our Store', () => {
  test('filters by category, brand, tag and price, and keeps them in the address', async ({ page }) => {
    await page.goto('/product');
    await expect(page.getByText(/^54 Products$/)).toBeVisible();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('button', { name: 'Laptops' }).click();
    await expect(page).toHaveURL(/category=Laptops/);
    await expect(page.getByText(/^9 Products$/)).toBeVisible();
    await filters.getByRole('button', { name: 'Apple', exact: true }).click();
    await expect(page).toHaveURL(/brand=Apple/);
    await expect(cards(page).first()).toContainText('Apple');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Apple', exact: true })).toHaveAttribute('aria-pressed', 'true');
    for (const title of await cards(page).getByRole('heading').allTextContents()) expect(title).toMatch(/^Apple /);

    await page.goto('/product');
    await filters.getByRole('button', { name: 'special' }).click();
    await expect(page).toHaveURL(/tag=special/);
    const tagged = await cards(page).count();
    expect(tagged).toBeGreaterThan(0);

    await page.goto('/product');
    // Typed as a person types: each field applies on a pause or on leaving it, and keeps every digit.
    await filters.getByLabel('From').click();
    await filters.getByLabel('From').pressSequentially('100000', { delay: 100 });
    await filters.getByLabel('To').click();
    await filters.getByLabel('To').pressSequentially('150000', { delay: 100 });
    await expect(filters.getByLabel('From')).toHaveValue('100000');
    await expect(filters.getByLabel('To')).toHaveValue('150000');
    await expect(page).toHaveURL(/min=100000/);
    await expect(page).toHaveURL(/max=150000/);
    await expect.poll(async () => (await prices(page)).every((p) => p >= 100000 && p <= 150000)).toBe(true);
    await expect(page.getByRole('link', { name: 'All' })).toBeVisible();
  });

  test('sorts by every option', async ({ page }) => {
    await page.goto('/product');
    await expect(page.getByText(/^54 Products$/)).toBeVisible();
    const sort = page.getByLabel('Sort By:');
    await sort.selectOption({ label: 'Price, low to high' });
    await expect(page).toHaveURL(/sort=price/);
    await expect
      .poll(async () => {
        const p = await prices(page);
        return p.length > 1 && p.every((v, i) => i === 0 || (p[i - 1] as number) <= v);
      })
      .toBe(true);
    await sort.selectOption({ label: 'Price, high to low' });
    await expect
      .poll(async () => {
        const p = await prices(page);
        return p.length > 1 && p.every((v, i) => i === 0 || (p[i - 1] as number) >= v);
      })
      .toBe(true);
    await sort.selectOption({ label: 'Alphabetically, A-Z' });
    await expect
      .poll(async () => {
        const t = (await cards(page).getByRole('heading').allTextContents()).map((s) => s.toLowerCase());
        return t.length > 1 && t.every((v, i) => i === 0 || (t[i - 1] as string) <= v);
      })
      .toBe(true);
    for (const label of ['Alphabetically, Z-A', 'Date, old to new', 'Date, new to old']) {
      await sort.selectOption({ label });
      await expect(sort).toHaveValue(/./);
      await expect(cards(page).first()).toBeVisible();
    }
  });

  test('changes the grid and cuts titles only on the narrow grids', async ({ page }) => {
    await page.goto('/product');
    await expect(page.getByRole('button', { name: '3 per row' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: '1 per row' }).click();
    await expect(page).toHaveURL(/grid=12/);
    await expect(cards(page).first()).toHaveClass(/span-12/);
    await page.getByRole('button', { name: '4 per row' }).click();
    await expect(cards(page).first()).toHaveClass(/span-3/);
  });

  test('pages through the catalogue', async ({ page }) => {
    await page.goto('/product?sort=price');
    await expect(page.getByText('Page 1 of 5')).toBeVisible();
    const first = await cards(page).getByRole('heading').allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Page 2 of 5')).toBeVisible();
    await expect.poll(async () => (await cards(page).getByRole('heading').allTextContents())[0]).not.toBe(first[0]);
    const second = await cards(page).getByRole('heading').allTextContents();
    expect(second.some((t) => first.includes(t))).toBe(false);
  });

  test('a card opens its product', async ({ page }) => {
    await page.goto('/product?sort=-price');
    const title = (await cards(page).first().getByRole('heading').textContent()) ?? '';
    await cards(page).first().getByRole('img', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.goBack();
    await cards(page).first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
});
