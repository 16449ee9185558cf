import sharp from 'sharp';
import { expect, test, typeInto } from './fixtures';
import { accessible, enrol, invite, openDesk, signInAs } from './staff';

test.describe('the catalogue desk', () => {
  test('a catalogue member edits a price and sells out a colour; the shopper sees both at once', async ({ page, browser }) => {
    // The store's sixth dearest product, as a shopper sees it first (its page is cached by the gateway now). Other
    // journeys buy the cheapest ones and the three dearest: this one's price moves by a rupee, so no list reorders.
    await page.goto('/product?sort=-price');
    // On a phone, the seventh: the laptop's run and the phone's each move a product of their own.
    const card = page
      .getByRole('region', { name: 'Products' })
      .getByRole('article')
      .nth(test.info().project.name === 'phone' ? 6 : 5);
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const productUrl = page.url();
    const price = Number(((await page.locator('.product-info .price').first().textContent()) ?? '').replace(/\D/g, ''));
    const newPrice = price - 1;
    const shown = `Rs. ${newPrice.toLocaleString('en-IN')}`;
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
    await openDesk(desk, 'Brands and colours');
    await expect(desk.getByRole('heading', { name: 'Brands, categories, tags and colours' })).toBeVisible();
    await accessible(desk);
    const word = `journey${Date.now().toString(36)}`;
    await typeInto(desk.getByLabel('A new tag'), word);
    await desk.getByLabel('A new tag').press('Enter');
    await expect(desk.getByRole('status')).toHaveText(`Added the tag ${word}.`);
    await typeInto(desk.getByLabel(`New name for the tag ${word}`), `${word}-x`);
    await desk.getByLabel(`New name for the tag ${word}`).press('Enter');
    await expect(desk.getByRole('status')).toHaveText(`Renamed ${word} to ${word}-x on 0 products.`);
    await desk.getByRole('button', { name: `Delete ${word}-x` }).click();
    await expect(desk.getByRole('status')).toHaveText(`Deleted the tag ${word}-x.`);

    await openDesk(desk, 'Products');
    // Many at once: a CSV checked before it is imported, and a price change previewed (nothing written by either).
    const file = desk.getByRole('form', { name: 'Import a CSV' });
    await file.getByLabel('The file (CSV, at most 10 MB)').setInputFiles({
      name: 'new.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `title,description,price,category,brand,colors,images,stock\nJourney Lens ${word},<p>Sharp</p>,4999,Cameras,Canon,black,/api/images/product/camera-black-1.svg,black:3\n`,
      ),
    });
    await file.getByRole('button', { name: 'Check what it would change' }).click();
    await expect(file.getByRole('status')).toContainText('It would make 1 new, 0 changed, 0 unchanged.');
    const bulk = desk.getByRole('form', { name: 'Change the listed products' });
    await typeInto(bulk.getByLabel('Prices by this percentage (-10 takes a tenth off)'), '-10');
    await bulk.getByRole('button', { name: 'Preview' }).click();
    await expect(bulk.getByRole('status')).toContainText(/This would change \d+ products\./);
    await accessible(desk);

    await typeInto(desk.getByLabel('Title, address or id'), title);
    await desk.getByRole('button', { name: 'Search' }).click();
    await desk.getByRole('table').getByRole('link', { name: title }).click();
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(title);
    await accessible(desk);

    await typeInto(desk.getByLabel('Price (rupees)'), String(newPrice));
    // What the law asks its listing to say: where it was made and by whom (typed key by key).
    await desk.getByLabel('Country of origin (the store shows it, filters and sorts by it)').selectOption({ label: 'Vietnam' });
    const maker = desk.getByLabel('Manufacturer: name and address');
    await maker.fill('');
    await maker.pressSequentially(`Maker ${word}, Hanoi`, { delay: 10 });
    // A real photo (a camera's JPEG, with the EXIF the shop drops), uploaded and made the main picture.
    const jpeg = await sharp({
      create: { width: 1800, height: 1800, channels: 3, background: '#445566', noise: { type: 'gaussian', mean: 110, sigma: 35 } },
    })
      .withExif({ IFD0: { Artist: 'Journey Photographer' } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const pictures = desk.getByRole('group', { name: 'Pictures (the main one first)' });
    const before = await pictures.getByRole('listitem').count();
    await pictures
      .getByLabel('Add photos: drop them here, paste them, or choose them (JPEG, PNG or WebP, at most 10 MB each)')
      .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    // The upload's outcome, whichever it is (a refusal is an alert, and this says its words). The shop makes
    // the photo in three formats at four widths, one photo at a time: CPU work that takes seconds on a slow
    // machine, shown by the progress bar meanwhile.
    await expect(pictures.locator('[role=status], [role=alert]').filter({ hasText: 'front.jpg' })).toHaveText(
      'Added front.jpg (1800 × 1800) to the pictures. Say what it shows below it.',
      { timeout: 30_000 },
    );
    // Kept the moment it is in, with no save: the library says so.
    const kept = pictures.getByRole('status').filter({ hasText: 'Pictures kept' });
    await expect(kept).toHaveText('Pictures kept. The store shows them now.');
    // The new photo is the last thumbnail; made the main one, it is first and marked so.
    await expect(pictures.getByRole('listitem')).toHaveCount(before + 1);
    const photoUrl = (await pictures.getByRole('listitem').last().getByRole('img').getAttribute('src')) ?? '';
    expect(photoUrl).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/);
    await pictures.getByRole('button', { name: `Make main: picture ${before + 1}` }).click();
    await expect(pictures.getByRole('listitem').first().getByRole('img')).toHaveAttribute('src', photoUrl);
    await expect(pictures.getByRole('listitem').first()).toContainText('Main');
    // The keyboard's way to reorder: the old main picture one step later and back.
    await pictures.getByRole('button', { name: 'Move picture 2 earlier' }).click();
    await expect(pictures.getByRole('listitem').first().getByRole('img')).not.toHaveAttribute('src', photoUrl);
    await pictures.getByRole('button', { name: 'Move picture 2 earlier' }).click();
    await expect(pictures.getByRole('listitem').first().getByRole('img')).toHaveAttribute('src', photoUrl);
    // What the photo shows, typed key by key: kept when the field is left, and read out by the thumbnail.
    const words = `Camera ${word} seen from the front`;
    // Once the moves are kept (each is saved as it is made).
    await desk.waitForLoadState('networkidle');
    await pictures.getByLabel('What the main picture shows').pressSequentially(words, { delay: 15 });
    await desk.keyboard.press('Tab');
    await expect(pictures.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName(`Main picture: ${words}`);
    await expect(kept).toHaveText('Pictures kept. The store shows them now.');
    // The shop's colours as swatches: the ticked ones are the offered ones.
    const swatches = desk.getByRole('group', { name: /The shop’s colours/ });
    await expect(swatches.getByRole('checkbox', { name: new RegExp(`^${firstColour}$`, 'i') })).toBeChecked();
    // The description written as it will look: a new paragraph in bold, typed key by key.
    const description = desk.getByRole('textbox', { name: 'Description' });
    await description.click();
    await desk.keyboard.press('Control+End');
    await desk.keyboard.press('Enter');
    await desk.getByRole('toolbar', { name: 'Formatting: Description' }).getByRole('button', { name: 'Bold' }).click();
    await desk.keyboard.type(`Case included ${word}.`, { delay: 15 });
    await expect(description.locator('strong').filter({ hasText: `Case included ${word}.` })).toBeVisible();
    // The store's own page with these edits, not saved: a new tab, the new price and paragraph, and a note saying so.
    const [preview] = await Promise.all([
      desk.context().waitForEvent('page'),
      desk.getByRole('button', { name: 'Preview in the store (new tab)' }).click(),
    ]);
    await expect(preview.getByRole('note')).toContainText(
      'Preview: this is the product’s page with your changes, which are not saved yet.',
    );
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(preview.locator('.product-info .price').first()).toHaveText(shown);
    await expect(preview.locator('strong').filter({ hasText: `Case included ${word}.` })).toBeVisible();
    await expect(preview).toHaveTitle(/^Preview: /);
    expect(await preview.locator('script').count()).toBe(0);
    await preview.close();
    // The store itself still shows the saved price.
    await page.reload();
    await expect(page.locator('.product-info .price').first()).not.toHaveText(shown);
    // Leaving with the edits not saved asks first; going back keeps them.
    await openDesk(desk, 'Brands and colours');
    const leave = desk.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toContainText('If you leave now, they are lost.');
    // Read once it has faded in (while it fades, its text is lighter than it is).
    await expect(leave).toHaveCSS('opacity', '1');
    await accessible(desk);
    await leave.getByRole('button', { name: 'Go back' }).click();
    await expect(leave).toBeHidden();
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(desk.getByLabel('Price (rupees)')).toHaveValue(String(newPrice));
    await desk.getByRole('button', { name: 'Save changes' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText('Saved. The store shows it now.');
    const stock = desk.getByRole('form', { name: 'Stock' });
    await typeInto(stock.getByLabel(new RegExp(`^${firstColour} \\(now \\d+\\)`)), '0');
    await stock.getByRole('button', { name: 'Save stock' }).click();
    await expect(stock.getByRole('status')).toHaveText('Stock saved.');

    // The shopper's next page, server-rendered by the gateway: the new price, the colour struck through.
    await expect
      .poll(async () => {
        await page.goto(productUrl);
        return page.locator('.product-info .price').first().textContent();
      })
      .toBe(shown);
    await expect(page.getByRole('radio', { name: `${firstColour} (sold out)` })).toBeDisabled();
    await expect(page.locator('strong').filter({ hasText: `Case included ${word}.` })).toBeVisible();
    await expect(page.locator('.product-facts dt:has-text("Country of origin :") + dd')).toHaveText('Vietnam');
    await expect(page.locator('.product-facts dt:has-text("Manufacturer :") + dd')).toHaveText(`Maker ${word}, Hanoi`);
    // The photo: in AVIF and WebP where the browser takes them, at the width the layout asks for, in a box of known size.
    const main = page.locator('.zoom-image img');
    await expect(main).toHaveAttribute('src', photoUrl);
    await expect(main).toHaveAttribute('alt', `Camera ${word} seen from the front`);
    await expect(main).toHaveAttribute('srcset', new RegExp(`^${photoUrl}/320\\.jpg 320w, .*${photoUrl}/1280\\.jpg 1280w$`));
    await expect(main).toHaveAttribute('width', '594');
    await expect(main).toHaveAttribute('height', '600');
    await expect(main).toHaveAttribute('sizes', /594px/);
    await expect(page.locator('.zoom-image picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      new RegExp(`${photoUrl}/640\\.avif 640w`),
    );
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  });
});
