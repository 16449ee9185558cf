import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
await ctx.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
const page = await ctx.newPage();
const logs: string[] = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
const state = () => page.evaluate(() => [...document.querySelectorAll('[data-hydrate-when-visible]')].map((d) => {
  const card = d.querySelector('article, .review, section, li');
  return `${d.getAttribute('data-hydrate-when-visible')}:${card && Object.keys(card).some((k) => k.startsWith('__reactFiber')) ? 'hydrated' : 'waiting'}`;
}).join(' '));
for (const p of ['/', process.argv[2] ?? '/']) {
  await page.goto('http://127.0.0.1:4680' + p, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-app-ready="true"]');
  await page.waitForTimeout(800);
  console.log(p, 'before scroll:', await state());
  await page.mouse.wheel(0, 1500); await page.waitForTimeout(800);
  console.log(p, 'after 1500:', await state());
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); await page.waitForTimeout(800);
  console.log(p, 'at bottom:', await state());
}
// client navigation to a product page then back home
await page.goto('http://127.0.0.1:4680/', { waitUntil: 'networkidle' });
await page.waitForSelector('html[data-app-ready="true"]');
await page.getByRole('region', { name: 'Categories' }).getByRole('link').first().click();
await page.waitForURL(/category/);
await page.waitForTimeout(800);
await page.locator('main article h3 a').first().click();
await page.waitForURL(/\/product\//); await page.waitForTimeout(1200);
console.log('client nav product:', await state(), 'reviews h2 visible', await page.getByRole('heading', { name: 'Reviews' }).isVisible(), 'popular cards', await page.locator('[data-hydrate-when-visible="product-popular"] article').count());
console.log(logs.filter((l) => !l.startsWith('debug')).join('\n') || 'no console output');
await browser.close();
