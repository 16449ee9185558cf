import { expect, expectFitsScreen, test } from './fixtures';

// The fits-the-screen check itself, on pages made for it: it must fail on a page 19 px too wide (as the product page
// was on a 390 px phone, its details column starting at x = 32), and on a box that reaches past the edge, and pass on
// a page that fits, with a wide table in a box that scrolls within the screen.
const page = (body: string) =>
  `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:0}</style></head><body>${body}</body></html>`;

test('fails on a page 19 px wider than the phone, and on a box past its edge; passes on one that fits', async ({ page: tab }) => {
  const device = tab.viewportSize()?.width ?? 0;
  expect(device).toBe(390);

  await tab.setContent(page(`<main style="padding-left:32px"><p style="width:${device - 13}px">A long title</p></main>`));
  // The old check, for the record: in mobile emulation the layout viewport grows with the page, so it saw nothing.
  expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const tooWide = await expectFitsScreen(tab, 'a page 19 px too wide').then(
    () => null,
    (e: Error) => e.message,
  );
  expect(tooWide).toContain('"wider": 19');
  expect(tooWide).toContain('p ends at 409 px');

  // Past the edge but not widening the page: a fixed bar 10 px wider than the screen.
  await tab.setContent(
    page(`<div class="bar" style="position:fixed;bottom:0;left:0;width:${device + 10}px;height:40px">Add to Cart</div>`),
  );
  const pastEdge = await expectFitsScreen(tab, 'a fixed bar past the edge').then(
    () => null,
    (e: Error) => e.message,
  );
  expect(pastEdge).toContain('div.bar ends at 400 px');

  await tab.setContent(
    page(
      `<main><h1>Fits</h1><div style="overflow-x:auto"><table><tr><td style="min-width:900px">A wide table that scrolls in its box</td></tr></table></div></main>`,
    ),
  );
  await expectFitsScreen(tab, 'a page that fits');
});
