import { expect, expectFitsScreen, test } from './fixtures';
import { cards, closeFilters, filters, gql } from './helpers';
import { accessible } from './staff';

// What the law asks the shop to show a shopper before a purchase (docs/compliance.md), as a shopper meets it on a
// laptop and at 390 px with touch: who sells and who hears complaints (Consumer Protection (E-Commerce) Rules,
// 2020, rule 4), and on a product's page where it was made, by whom, and that its price is the MRP with every
// tax in it; the store filtered and sorted by country of origin (Legal Metrology rules, 6(10) and 6(10A)).

const SELLER = /Sold by Digitic Electronics Private Limited \(demo details: not a real business\), .*Ahmedabad.*\. GSTIN 24AAACD1234F1ZD\./;

test('every page names the seller and the grievance officer; Contact Us too', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.locator('.seller-details').getByText(SELLER)).toBeVisible();
  await expect(footer.getByText(/^Grievance Officer: .+, Grievance Officer, /)).toBeVisible();
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Seller and complaints' })).toBeVisible();
  await expect(main.locator('.seller-details').getByText(SELLER)).toBeVisible();
  await expectFitsScreen(page);
  await accessible(page);
});

test('a product says where it was made, by whom, who imported it, and that its price is the MRP with every tax in it', async ({
  page,
  request,
}) => {
  const { products } = await gql<{ products: { items: { id: string; title: string }[] } }>(
    request,
    '{ products(filter: { brand: "Canon" }, pageSize: 1) { items { id title } } }',
    {},
  );
  const canon = products.items[0] as { id: string; title: string };
  await page.goto(`/product/${canon.id}`);
  await expect(page.getByText('MRP, inclusive of all taxes')).toBeVisible();
  const facts = page.locator('.product-facts');
  const fact = (term: string) => facts.locator(`dt:has-text("${term}") + dd`);
  await expect(fact('Country of origin :')).toHaveText('Japan');
  await expect(fact('Manufacturer :')).toContainText('Canon Inc., Tokyo, Japan');
  await expect(fact('Importer :')).toContainText('Digitic Electronics Private Limited');
  await expect(fact('Consumer care :').getByRole('link').first()).toHaveAttribute('href', /^tel:/);
  // The same in the page's structured data, for search engines and shoppers' assistants.
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, unknown>,
  );
  const product = ld.find((d) => d['@type'] === 'Product') as Record<string, unknown>;
  expect(product).toMatchObject({
    countryOfOrigin: { '@type': 'Country', name: 'Japan' },
    manufacturer: { '@type': 'Organization', name: expect.stringContaining('Canon Inc.') },
    offers: { priceSpecification: { valueAddedTaxIncluded: true, priceCurrency: 'INR' } },
  });
  await expectFitsScreen(page);
  await accessible(page);
});

test('the store filters by country of origin with a tap, and sorts by it', async ({ page }) => {
  await page.goto('/product');
  const drawer = await filters(page);
  const countries = drawer.locator('section', { has: page.getByRole('heading', { name: 'Country of Origin' }) });
  await countries.getByRole('button', { name: 'Japan', exact: true }).click();
  await expect(page).toHaveURL(/[?&]country=JP\b/);
  await expect(countries.getByRole('button', { name: 'Japan', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await closeFilters(page);
  // The list shown until Japan's has come is the last one, marked busy.
  await expect(page.getByRole('region', { name: 'Products' }).locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
  const titles = await cards(page).getByRole('heading').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title, title).toMatch(/^(Canon|Fujifilm) /);

  // Pressed again: every country; then sorted by the countries' names, China's first.
  const again = await filters(page);
  await again.getByRole('button', { name: 'Japan', exact: true }).click();
  await expect(page).not.toHaveURL(/country=/);
  await closeFilters(page);
  await page.getByLabel('Sort By:').selectOption({ label: 'Country of origin, A-Z' });
  await expect(page).toHaveURL(/[?&]sort=countryOfOrigin\b/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(/^(Apple|Asus|Bose|Fossil|JBL) /);
});
