import { type Browser, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../bench/shop-process';
import {
  addToCart,
  gql,
  type GqlResult,
  type ListedProduct,
  myOrders,
  newShopper,
  pay,
  placeOrder,
  products,
  type Shopper,
  startCheckout,
} from '../support/shop-client';
import { localPostgres, type Stack, startStack } from '../support/stack';

// What goes wrong between the shop's services, staged on the wire (tests/support/fault-proxy.ts):
// the api slow, failing, stopped; the payment provider slow or unreachable. The gateway's upstream
// timeout is 3 s here. Nothing may be lost, and everything works again once the fault is gone.

let stack: Stack;
let shop: string;
let catalogue: ListedProduct[];
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({
    basePort: 4860,
    web: true,
    production: true,
    postgresAdminUrl: (await localPostgres()) ?? undefined,
    // These cases are about the browser's placeOrder under faults and races: no webhook makes the order first
    // (webhooks racing placeOrder are tested in api/src/payments/webhooks.test.ts and resilience/payments.test.ts).
    simEnv: { PAYMENT_SIM_WEBHOOKS: 'drop' },
  });
  shop = stack.shops[0] as string;
  catalogue = await products(shop, 6);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
});
afterEach(() => {
  for (const proxy of [...stack.apiProxies, stack.providerProxy]) proxy.set({ kind: 'pass' });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const code = (res: GqlResult) => res.errors?.[0]?.extensions?.code;
const signedInQuery = (s: Shopper) => gql(shop, '{ cart { lineCount subtotal } }', {}, { token: s.token });
const timed = async <T>(run: () => Promise<T>) => {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
};

describe('the api', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(shop, 'faults');
    await addToCart(shop, shopper.token, catalogue[0] as ListedProduct, 2);
  });

  it('slow (5 s): the gateway answers UPSTREAM_UNAVAILABLE at its timeout and keeps serving', async () => {
    stack.apiProxies[0]?.set({ kind: 'slow', ms: 5_000 });
    const { value, ms } = await timed(() => signedInQuery(shopper));
    expect(code(value)).toBe('UPSTREAM_UNAVAILABLE');
    expect(ms).toBeGreaterThanOrEqual(2_900);
    expect(ms).toBeLessThan(4_900);
    expect((await fetch(`${shop}/health`)).status).toBe(200);
    stack.apiProxies[0]?.set({ kind: 'pass' });
    expect((await signedInQuery(shopper)).data).toMatchObject({ cart: { lineCount: 1 } });
  });

  it('answering 500: a typed error without the upstream details', async () => {
    stack.apiProxies[0]?.set({ kind: 'error', status: 500 });
    const res = await signedInQuery(shopper);
    expect(code(res)).toBe('INTERNAL_SERVER_ERROR');
    expect(res.text).not.toContain('/srv/secret');
    expect(res.text).not.toContain('stacktrace');
    stack.apiProxies[0]?.set({ kind: 'pass' });
    expect((await signedInQuery(shopper)).data).toMatchObject({ cart: { lineCount: 1 } });
  });

  it('stopped: UPSTREAM_UNAVAILABLE and not ready; started again: everything works without restarting the gateway', async () => {
    await stack.stopApi(0);
    const res = await signedInQuery(shopper);
    expect(code(res)).toBe('UPSTREAM_UNAVAILABLE');
    expect((await gql(shop, '{ products { totalCount } }')).errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await fetch(`${shop}/health`)).status).toBe(200);
    expect((await fetch(`${shop}/ready`)).status).toBe(503);
    await stack.startApi(0);
    expect((await fetch(`${shop}/ready`)).status).toBe(200);
    expect((await signedInQuery(shopper)).data).toMatchObject({ cart: { lineCount: 1 } });
  });

  it('down while a shopper browses: the page says so (not a blank page), and works again after "Try again"', async () => {
    const page = await browser.newPage();
    try {
      // The store is server-rendered and hydrated while the api is up…
      await page.goto(`${shop}/product`);
      await page.waitForSelector('html[data-app-ready]');
      // …then the api drops, and the shopper filters the store (a page and query not cached yet).
      stack.apiProxies[0]?.set({ kind: 'down' });
      await page.goto(`${shop}/product?category=zzz-fault-${Date.now()}`);
      await page.waitForSelector('html[data-app-ready]', { timeout: 15_000 }).catch(() => {});
      const alert = page.getByRole('alert').filter({ hasText: 'This could not be loaded.' });
      await alert.first().waitFor({ timeout: 15_000 });
      expect((await page.textContent('body'))?.trim().length).toBeGreaterThan(50);
      stack.apiProxies[0]?.set({ kind: 'pass' });
      await alert.first().getByRole('button', { name: 'Try again' }).click();
      await alert.first().waitFor({ state: 'detached', timeout: 15_000 });
    } finally {
      stack.apiProxies[0]?.set({ kind: 'pass' });
      await page.close();
    }
  });
});

describe('the payment provider', () => {
  it('unreachable when the checkout starts: nothing charged, cart intact; a retry later succeeds', async () => {
    const s = await newShopper(shop, 'provider-down');
    await addToCart(shop, s.token, catalogue[1] as ListedProduct, 1);
    stack.providerProxy.set({ kind: 'down' });
    const refused = await startCheckout(shop, s.token);
    expect(code(refused)).toBe('UPSTREAM_UNAVAILABLE');
    expect(refused.errors?.[0]?.message).toBe('The payment provider is unreachable. Nothing was charged; please try again.');
    stack.providerProxy.set({ kind: 'pass' });
    expect((await signedInQuery(s)).data).toMatchObject({ cart: { lineCount: 1 } });
    const session = await startCheckout(shop, s.token);
    expect(session.errors).toBeUndefined();
    const payment = await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string);
    expect((await placeOrder(shop, s.token, payment)).errors).toBeUndefined();
    expect(await myOrders(shop, s.token)).toHaveLength(1);
  });

  it('unreachable when the order is placed: no order, cart intact; the same payment makes one order later', async () => {
    const s = await newShopper(shop, 'provider-down-2');
    await addToCart(shop, s.token, catalogue[2] as ListedProduct, 1);
    const session = await startCheckout(shop, s.token);
    const payment = await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string);
    stack.providerProxy.set({ kind: 'down' });
    const refused = await placeOrder(shop, s.token, payment);
    expect(code(refused)).toBe('UPSTREAM_UNAVAILABLE');
    stack.providerProxy.set({ kind: 'pass' });
    expect(await myOrders(shop, s.token)).toEqual([]);
    expect((await signedInQuery(s)).data).toMatchObject({ cart: { lineCount: 1 } });
    const placed = await placeOrder(shop, s.token, payment);
    expect(placed.errors).toBeUndefined();
    expect((await placeOrder(shop, s.token, payment)).data?.placeOrder.id).toBe(placed.data?.placeOrder.id);
    expect(await myOrders(shop, s.token)).toHaveLength(1);
  });

  it('slow past the gateway timeout, then answering again: the gateway asks once more and the shopper gets the one order', async () => {
    const s = await newShopper(shop, 'provider-slow-then-back');
    await addToCart(shop, s.token, catalogue[4] as ListedProduct, 1);
    const session = await startCheckout(shop, s.token);
    const payment = await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string);
    stack.providerProxy.set({ kind: 'slow', ms: 5_000 });
    const placing = placeOrder(shop, s.token, payment);
    await new Promise((r) => setTimeout(r, 1_000));
    stack.providerProxy.set({ kind: 'pass' });
    const placed = await placing;
    expect(placed.errors, JSON.stringify(placed.errors)).toBeUndefined();
    await expect
      .poll(async () => (await myOrders(shop, s.token)).map((o) => o.id), { timeout: 10_000 })
      .toEqual([placed.data?.placeOrder.id]);
  });

  it('slow (5 s, past the gateway timeout) when the order is placed: a retry gives exactly one order', async () => {
    const s = await newShopper(shop, 'provider-slow');
    await addToCart(shop, s.token, catalogue[3] as ListedProduct, 1);
    const session = await startCheckout(shop, s.token);
    const payment = await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string);
    stack.providerProxy.set({ kind: 'slow', ms: 5_000 });
    const first = await placeOrder(shop, s.token, payment);
    expect(code(first)).toBe('UPSTREAM_UNAVAILABLE');
    stack.providerProxy.set({ kind: 'pass' });
    // The api may still settle the first attempt in the background; the retry answers with that order or makes it.
    const retry = await placeOrder(shop, s.token, payment);
    expect(retry.errors).toBeUndefined();
    await new Promise((r) => setTimeout(r, 2_500));
    const orders = await myOrders(shop, s.token);
    expect(orders.map((o) => o.id)).toEqual([retry.data?.placeOrder.id]);
    expect((await signedInQuery(s)).data).toMatchObject({ cart: { lineCount: 0 } });
  });
});
