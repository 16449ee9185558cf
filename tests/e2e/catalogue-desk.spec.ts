import { expect, test } from './fixtures';
import { accessible, enrol, invite, signInAs } from './staff';

test.describe('the catalogue desk', () => {
  test('a catalogue member edits a price and sells out a colour; the shopper sees both at once', async ({ page, browser }) => {
    // The store's 12th cheapest product, as a shopper sees it first (its page is cached by the gateway now).
    await page.goto('/product?sort=price');
    const card = page.getByRole('region', { name: 'Products' }).getByRole('article').nth(11);
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const productUrl = page.url();
    const colours = page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio');
    const firstColour = (await colours.first().getAttribute('aria-label')) ?? '';
    await expect(colours.first()).toBeEnabled();

    const email = `catalogue.${Date.now().toString(36)}@example.com`;
    const desk = await (await browser.newContext()).newPage();
    const secret = await enrol(desk, invite(email, 'catalogue'), 'Kiran Catalogue');
    await signInAs(desk, email, secret);
    // A catalogue member's Today is the low-stock list.
    await expect(desk.getByRole('heading', { name: 'Low stock' })).toBeVisible();
    await accessible(desk);
    // The vocabulary: a tag added and renamed (on every product at once), then deleted as no product uses it.
    await desk.getByRole('navigation', { name: 'Desks' }).getByRole('link', { name: 'Brands and colours' }).click();
    await expect(desk.getByRole('heading', { name: 'Brands, categories, tags and colours' })).toBeVisible();
    await accessible(desk);
    const word = `journey${Date.now().toString(36)}`;
    await desk.getByLabel('A new tag').fill(word);
    await desk.getByLabel('A new tag').press('Enter');
    await expect(desk.getByRole('status')).toHaveText(`Added the tag ${word}.`);
    await desk.getByLabel(`New name for the tag ${word}`).fill(`${word}-x`);
    await desk.getByLabel(`New name for the tag ${word}`).press('Enter');
    await expect(desk.getByRole('status')).toHaveText(`Renamed ${word} to ${word}-x on 0 products.`);
    await desk.getByRole('button', { name: `Delete ${word}-x` }).click();
    await expect(desk.getByRole('status')).toHaveText(`Deleted the tag ${word}-x.`);

    await desk.getByRole('navigation', { name: 'Desks' }).getByRole('link', { name: 'Products' }).click();
    await desk.getByLabel('Title, address or id').fill(title);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('table').getByRole('link', { name: title }).click();
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(title);
    await accessible(desk);

    await desk.getByLabel('Price (rupees)').fill('12345');
    await desk.getByRole('button', { name: 'Save changes' }).click();
    await expect(desk.getByRole('status')).toHaveText('Saved. The store shows it now.');
    const stock = desk.getByRole('form', { name: 'Stock' });
    await stock.getByLabel(new RegExp(`^${firstColour} \\(now \\d+\\)`)).fill('0');
    await stock.getByRole('button', { name: 'Save stock' }).click();
    await expect(stock.getByRole('status')).toHaveText('Stock saved.');

    // The shopper's next page, server-rendered by the gateway: the new price, the colour struck through.
    await expect
      .poll(async () => {
        await page.goto(productUrl);
        return page.locator('.product-info .price').first().textContent();
      })
      .toBe('Rs. 12,345');
    await expect(page.getByRole('radio', { name: `${firstColour} (sold out)` })).toBeDisabled();
  });
});
