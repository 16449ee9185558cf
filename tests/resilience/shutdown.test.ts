import { afterEach, describe, expect, it } from 'vitest';
import { addToCart, gql, type ListedProduct, myOrders, newShopper, pay, placeOrder, products, startCheckout } from '../support/shop-client';
import { localPostgres, type Stack, startStack } from '../support/stack';

// SIGTERM (what a container runtime or a process manager sends) stops taking new work, finishes
// what is in flight, closes its pools and exits 0.

let stack: Stack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

describe('graceful shutdown', () => {
  it('the gateway finishes a request in flight, then exits 0 and takes no new ones', async () => {
    stack = await startStack({ basePort: 4970, postgresAdminUrl: (await localPostgres()) ?? undefined });
    const shop = stack.shops[0] as string;
    stack.apiProxies[0]?.set({ kind: 'slow', ms: 1_500 });
    const inFlight = gql(shop, '{ blogs { id title } }');
    await new Promise((r) => setTimeout(r, 300));
    const exit = stack.signal('gateway0');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    expect((answer.data as { blogs: unknown[] }).blogs.length).toBeGreaterThan(0);
    expect(await exit).toBe(0);
    await expect(fetch(`${shop}/health`)).rejects.toThrow();
  });

  it('the api finishes placing an order in flight (its provider call slow), then exits 0', async () => {
    stack = await startStack({ basePort: 4980, postgresAdminUrl: (await localPostgres()) ?? undefined });
    const shop = stack.shops[0] as string;
    const s = await newShopper(shop, 'shutdown');
    const [p] = await products(shop, 1);
    await addToCart(shop, s.token, p as ListedProduct, 1);
    const session = await startCheckout(shop, s.token);
    const payment = await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string);
    stack.providerProxy.set({ kind: 'slow', ms: 1_000 });
    const placing = placeOrder(shop, s.token, payment);
    await new Promise((r) => setTimeout(r, 300));
    const exit = stack.signal('api0');
    const placed = await placing;
    expect(placed.errors).toBeUndefined();
    expect(await exit).toBe(0);
    stack.providerProxy.set({ kind: 'pass' });
    await stack.startApi(0);
    expect((await myOrders(shop, s.token)).map((o) => o.id)).toEqual([placed.data?.placeOrder.id]);
  });
});
