import { expect, expectFitsScreen, test, typeInto } from './fixtures';
import { firstProduct, gql, holdTheApp, newCustomer, signIn } from './helpers';
import { OPEN_PAGES, SHOPPER_PAGES, SIGN_IN_PAGES } from '../../web/src/config/routes';

test.describe('on a phone', () => {
  test('the header is one compact bar; the menu and categories open from a button', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())?.height ?? 999).toBeLessThan(150);
    // Icon links keep their names for assistive technology.
    await expect(page.getByRole('link', { name: 'Favourite wishlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in / My Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
    await expect(page.getByText(/Hotline:/)).toBeAttached();

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'New Arrival', 'My Orders', 'Blogs', 'Best Sellers', 'Support']) {
      await expect(main.getByRole('link', { name })).toBeVisible();
    }
    await page.getByText('Shop Categories').click();
    await expect(page.locator('.categories-dropdown li').first()).toBeVisible();
    await main.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('the store shows products above the fold and its filters in a drawer', async ({ page }) => {
    await page.goto('/product');
    const firstCard = page.getByRole('region', { name: 'Products' }).getByRole('article').first();
    const box = await firstCard.boundingBox();
    expect(box && box.y < 844).toBe(true);
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();

    const all = (await page.getByText(/^\d+\+? Products$/).textContent()) ?? '';
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('complementary', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Laptops' }).click();
    await expect(page).toHaveURL(/category=Laptops/);
    const results = drawer.getByRole('button', { name: /^\d+\+? results$/ });
    await expect(results).not.toHaveText(all.replace('Products', 'results'));
    const count = Number(/\d+/.exec((await results.textContent()) ?? '')?.[0]);
    await results.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText(`${count} Products`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article')).toHaveCount(Math.min(count, 12));
  });

  test('the price filter keeps up with typing: "20000" typed key by key filters by 20000, one step back in history', async ({ page }) => {
    await page.goto('/product');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('complementary', { name: 'Filters' });
    const to = drawer.getByLabel('To');
    await to.click();
    await to.pressSequentially('20000', { delay: 150 });
    await expect(to).toHaveValue('20000');
    await expect(to).toBeFocused();
    await expect(page).toHaveURL(/[?&]max=20000(&|$)/);
    await expect(to).toHaveValue('20000');
    await drawer.getByRole('button', { name: /^\d+\+? results$/ }).click();
    const prices = async () =>
      (await page.getByRole('region', { name: 'Products' }).getByRole('article').locator('.price').allTextContents()).map((t) =>
        Number(t.replace(/[^\d]/g, '')),
      );
    await expect.poll(async () => (await prices()).length > 0 && (await prices()).every((p) => p <= 20000)).toBe(true);
    // One applied filter, one entry in the history: Back is the whole store again.
    await page.goBack();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByText(/^54 Products$/)).toBeVisible();
  });

  test('taps made before the app has started are kept, shown as taken, and carried out once it has', async ({
    page,
    request,
  }, testInfo) => {
    const base = testInfo.project.use.baseURL ?? '';
    // The app's own chunk is held back, as a slow line would: the page shows, but nothing of React runs yet.
    const release = await holdTheApp(page);
    // The frame's own goto: the fixture's would wait for the app, which is held.
    await page.mainFrame().goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    // The menu answers at once, though the app has not started (the page's early-taps script).
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Carried into the app's own state: still open, and the next tap closes it.
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    // A product page's Add to Cart, tapped at once: answered with the spec's colour toast once the app runs.
    const product = await firstProduct(request);
    const releaseAgain = await holdTheApp(page);
    await page.mainFrame().goto(`${base}/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    // Add to Cart with no colour: kept, shown busy, and answered with the spec's toast once the app runs.
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.tap();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    releaseAgain();
    await expect(page.getByText('Please choose Color')).toBeVisible();
    await expect(add).not.toHaveAttribute('aria-busy', 'true');

    // A colour chosen and Add to Cart tapped before the app starts: the colour shows chosen at once, and
    // both taps are carried out in order (a guest is asked to sign in, the choice kept).
    const releaseThird = await holdTheApp(page);
    await page.mainFrame().goto(`${base}/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    const colour = page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { disabled: false }).first();
    await colour.tap();
    await expect(colour).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Add to Cart' }).tap();
    releaseThird();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: `to add ${product.title} to your cart` })).toBeVisible();

    // A colour chosen before the app starts, and Add to Cart tapped once React listens but before the colour's tap
    // is carried out (React hydrating): Add to Cart waits its turn behind the colour, as the shopper tapped them.
    const releaseFourth = await holdTheApp(page);
    await page.mainFrame().goto(`${base}/product/${product.id}`, { waitUntil: 'domcontentloaded' });
    await colour.tap();
    await expect(colour).toHaveAttribute('aria-checked', 'true');
    // What src/boot.tsx says just before React hydrates (the window a slow phone's tap can fall in).
    await page.evaluate(() => {
      (window as { __appListening?: boolean }).__appListening = true;
    });
    const addAgain = page.getByRole('button', { name: 'Add to Cart' });
    await addAgain.tap();
    await expect(addAgain).toHaveAttribute('aria-busy', 'true');
    expect(await page.evaluate(() => (window as { __earlyTaps?: unknown[] }).__earlyTaps?.length)).toBe(2);
    releaseFourth();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: `to add ${product.title} to your cart` })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('search finds a product and opens it', async ({ page }) => {
    await page.goto('/');
    await typeInto(page.getByRole('combobox', { name: 'Search products' }), 'mac');
    const option = page.getByRole('option').first();
    const title = (await option.textContent()) ?? '';
    await option.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.replace(/^New selection: /, ''));
  });

  test('every storefront page fits the 390 px screen: nothing wider, nothing past its right edge', async ({ page, request }) => {
    const product = await firstProduct(request, 'TITLE_DESC');
    const { blogs } = await gql<{ blogs: { id: string }[] }>(request, '{ blogs { id } }', {});
    const guest = [...OPEN_PAGES, `/product/${product.id}`, `/blog/${blogs[0]?.id}`, ...SIGN_IN_PAGES, '/no-such-page'];
    for (const path of guest) {
      await page.goto(path);
      await expect(page.locator('main, [role=main]').first()).toBeVisible();
      await expectFitsScreen(page, path);
    }
    // A signed-in shopper's pages, with something in the cart and the wishlist.
    const customer = await newCustomer(request);
    const { product: full } = await gql<{ product: { colors: { id: string }[] } }>(
      request,
      'query($id: ID!) { product(id: $id) { colors { id } } }',
      {
        id: product.id,
      },
    );
    await gql(
      request,
      'mutation($i: AddToCartInput!) { addToCart(input: $i) { id } }',
      { i: { productId: product.id, colorId: full.colors[0]?.id, quantity: 1 } },
      customer.token,
    );
    await signIn(page, customer);
    for (const path of SHOPPER_PAGES) {
      await page.goto(path);
      await expect(page.locator('main, [role=main]').first()).toBeVisible();
      await expectFitsScreen(page, path);
    }
  });
});
