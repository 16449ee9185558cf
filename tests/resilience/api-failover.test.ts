import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  gql,
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

// Regression: each gateway talked to one api, so stopping that api (to upgrade it, say) failed half the
// shop's mutations. Now every gateway reaches every api: one stopped in the middle of the shopping fails
// no shopper's request and loses no order.

const postgres = await localPostgres();

describe.runIf(postgres)('every gateway reaches every api', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ basePort: 5700, apis: 2, gateways: 2, postgresAdminUrl: postgres as string, everyApi: true });
  }, 120_000);
  afterAll(() => stack?.close());

  it('keeps serving every shopper while an api stops, and every paid order is there afterwards', async () => {
    const catalogue = await products(stack.shops[0] as string, 20);
    const shoppers: { shop: string; shopper: Shopper; product: ListedProduct }[] = [];
    for (let i = 0; i < 8; i++) {
      const shop = stack.shops[i % 2] as string;
      shoppers.push({ shop, shopper: await newShopper(shop, `failover${i}`), product: catalogue[i % catalogue.length] as ListedProduct });
    }
    const failures: string[] = [];
    const placed = new Map<string, string[]>();
    const until = Date.now() + 8_000;
    const stopped = (async () => {
      await new Promise((r) => setTimeout(r, 2_500));
      await stack.stopApi(0, 'SIGTERM');
    })();
    await Promise.all(
      shoppers.map(async ({ shop, shopper, product }) => {
        const note = (step: string, errors: unknown) => failures.push(`${shopper.email} ${step}: ${JSON.stringify(errors)}`);
        while (Date.now() < until) {
          const added = await addToCart(shop, shopper.token, product);
          if (added.errors) note('addToCart', added.errors);
          const browse = await gql(shop, '{ products(pageSize: 5) { items { id } } cart { total } }', {}, { token: shopper.token });
          if (browse.errors) note('browse', browse.errors);
          const checkout = await startCheckout(shop, shopper.token);
          if (!checkout.data) {
            note('startCheckout', checkout.errors);
            continue;
          }
          const payment = await pay(stack.simulatorUrl, checkout.data.startCheckout.providerOrderId);
          const order = await placeOrder(shop, shopper.token, payment);
          if (!order.data) note('placeOrder', order.errors);
          else placed.set(shopper.token, [...(placed.get(shopper.token) ?? []), order.data.placeOrder.id]);
        }
      }),
    );
    await stopped;
    expect(failures).toEqual([]);
    const total = [...placed.values()].reduce((n, ids) => n + ids.length, 0);
    expect(total).toBeGreaterThan(8);
    // No order lost: each shopper finds every order they were answered, through either gateway.
    for (const [i, { shopper }] of shoppers.entries()) {
      const mine = (await myOrders(stack.shops[(i + 1) % 2] as string, shopper.token)).map((o) => o.id).sort();
      expect(mine).toEqual([...(placed.get(shopper.token) ?? [])].sort());
    }
  }, 120_000);
});
