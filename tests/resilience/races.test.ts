import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  gql,
  type ListedProduct,
  myOrders,
  newShopper,
  PASSWORD,
  pay,
  placeOrder,
  products,
  startCheckout,
} from '../support/shop-client';
import { localPostgres, type Stack, startStack } from '../support/stack';

// Races through the real gateway and api. The stock race and the database restart need PostgreSQL
// (to set a product's stock and to cut every connection); CI always has it.

const postgres = await localPostgres();
let stack: Stack;
let shop: string;
let catalogue: ListedProduct[];

beforeAll(async () => {
  stack = await startStack({
    basePort: 4880,
    postgresAdminUrl: postgres ?? undefined,
    // These cases are about the browser's placeOrder under faults and races: no webhook makes the order first
    // (webhooks racing placeOrder are tested in api/src/payments/webhooks.test.ts and resilience/payments.test.ts).
    simEnv: { PAYMENT_SIM_WEBHOOKS: 'drop' },
  });
  shop = stack.shops[0] as string;
  catalogue = await products(shop, 8);
});
afterAll(async () => {
  await stack?.close();
});

type CartView = {
  lineCount: number;
  subtotal: number;
  shipping: number;
  total: number;
  lines: { id: string; quantity: number; unitPrice: number; lineTotal: number }[];
};
const cartOf = async (token: string) =>
  (
    await gql<{ cart: CartView }>(
      shop,
      '{ cart { lineCount subtotal shipping total lines { id quantity unitPrice lineTotal } } }',
      {},
      { token },
    )
  ).data?.cart as CartView;

describe('races', () => {
  it('20 concurrent placeOrder calls with one payment make exactly one order', async () => {
    const s = await newShopper(shop, 'twenty');
    await addToCart(shop, s.token, catalogue[0] as ListedProduct, 2);
    const session = await startCheckout(shop, s.token);
    const payment = await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string);
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(shop, s.token, payment)));
    const ids = new Set(results.map((r) => r.data?.placeOrder.id));
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    expect(ids.size).toBe(1);
    expect((await myOrders(shop, s.token)).map((o) => o.id)).toEqual([...ids]);
  });

  it('two sessions of one customer editing the cart at once: the totals always equal the lines', async () => {
    const s = await newShopper(shop, 'two-tabs');
    const second = await gql<{ login: { token: string } }>(shop, 'mutation($i: LoginInput!) { login(input: $i) { token } }', {
      i: { email: s.email, password: PASSWORD },
    });
    const tabs = [s.token, second.data?.login.token as string];
    const edit = async (token: string, round: number) => {
      const p = catalogue[round % 4] as ListedProduct;
      const cart = await cartOf(token);
      const line = cart.lines[round % Math.max(1, cart.lines.length)];
      switch (round % 3) {
        case 0:
          return addToCart(shop, token, p, 1);
        case 1:
          return line
            ? gql(
                shop,
                'mutation($i: UpdateCartLineInput!) { updateCartLine(input: $i) { lineCount } }',
                { i: { lineId: line.id, quantity: (round % 10) + 1 } },
                { token },
              )
            : addToCart(shop, token, p, 2);
        default:
          return line ? gql(shop, 'mutation($l: ID!) { removeCartLine(lineId: $l) { lineCount } }', { l: line.id }, { token }) : null;
      }
    };
    for (let round = 0; round < 15; round++) {
      const answers = await Promise.all(tabs.map((token, tab) => edit(token, round * 2 + tab)));
      for (const a of answers) {
        // A line the other tab removed a moment ago is NOT_FOUND; anything else is a failure.
        const codeOf = a?.errors?.[0]?.extensions?.code;
        if (codeOf) expect(codeOf).toBe('NOT_FOUND');
      }
      for (const token of tabs) {
        const cart = await cartOf(token);
        expect(cart.subtotal).toBe(cart.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0));
        expect(cart.total).toBe(cart.subtotal + cart.shipping);
        expect(cart.lineCount).toBe(cart.lines.length);
        for (const l of cart.lines) {
          expect(l.lineTotal).toBe(l.quantity * l.unitPrice);
          expect(l.quantity).toBeGreaterThanOrEqual(1);
          expect(l.quantity).toBeLessThanOrEqual(10);
        }
      }
    }
  });
});

describe.runIf(postgres)('with PostgreSQL', () => {
  it('one unit left, 20 concurrent checkouts: one order takes it, stock never negative, the others keep cart and payment', async () => {
    const p = catalogue[5] as ListedProduct;
    const colour = p.colors[0] as ListedProduct['colors'][number];
    await stack.db?.query('update product_colors set quantity = 1 where product_id = $1 and color_id = $2', [p.id, colour.id]);
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const s = await newShopper(shop, `last-unit-${i}`);
        await addToCart(shop, s.token, p, 1);
        const session = await startCheckout(shop, s.token);
        expect(session.errors).toBeUndefined();
        return { s, payment: await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string) };
      }),
    );
    const results = await Promise.all(shoppers.map(({ s, payment }) => placeOrder(shop, s.token, payment)));
    expect(results.filter((r) => r.errors === undefined)).toHaveLength(1);
    const refused = results.filter((r) => r.errors !== undefined);
    expect(new Set(refused.map((r) => r.errors?.[0]?.message))).toEqual(
      new Set([`Sorry, ${p.title} in ${colour.title} is out of stock. Your payment will be refunded.`]),
    );
    const stock = await stack.db?.query<{ quantity: number }>(
      'select quantity from product_colors where product_id = $1 and color_id = $2',
      [p.id, colour.id],
    );
    expect(stock?.rows[0]?.quantity).toBe(0);
    const kept = await stack.db?.query('select count(*)::int as n from unsettled_payments where reason = $1', [
      `out of stock: ${p.title} in ${colour.title}`,
    ]);
    expect(kept?.rows[0]?.n).toBe(19);
    // The next shopper is told before paying: the colour is sold out at add-to-cart.
    const late = await newShopper(shop, 'late');
    const refusedEarly = await addToCart(shop, late.token, p, 1);
    expect(refusedEarly.errors?.[0]).toMatchObject({
      message: `Sorry, this product is sold out in ${colour.title}`,
      extensions: { code: 'CONFLICT' },
    });
  });

  it('PostgreSQL drops every connection mid-checkout: the api reconnects, no half-written order, retries succeed', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const s = await newShopper(shop, `pg-restart-${i}`);
        await addToCart(shop, s.token, catalogue[i % 4] as ListedProduct, 1);
        await addToCart(shop, s.token, catalogue[(i + 1) % 4] as ListedProduct, 2);
        const session = await startCheckout(shop, s.token);
        return { s, payment: await pay(stack.simulatorUrl, session.data?.startCheckout.providerOrderId as string) };
      }),
    );
    const cut = async () => {
      await new Promise((r) => setTimeout(r, 15));
      await stack.db?.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
    };
    const [results] = await Promise.all([Promise.all(shoppers.map(({ s, payment }) => placeOrder(shop, s.token, payment))), cut()]);
    // A request that met a dropped connection is answered 503 (UPSTREAM_UNAVAILABLE here), never a 500;
    // the pool opens new connections, so within moments every call succeeds again without a restart.
    for (const r of results) if (r.errors) expect(r.errors[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    const until = Date.now() + 10_000;
    while ((await gql(shop, '{ cart { lineCount } }', {}, { token: shoppers[0]?.s.token })).errors && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // Every order in the database is whole: it has its items, and its customer's cart is empty.
    const broken = await stack.db?.query(
      `select o.id from orders o left join order_items i on i.order_id = o.id group by o.id having count(i.id) = 0`,
    );
    expect(broken?.rows).toEqual([]);
    for (const [i, r] of results.entries()) {
      const { s, payment } = shoppers[i] as (typeof shoppers)[number];
      if (r.errors) {
        // Refused while the connections dropped: the cart is intact and the same payment succeeds now.
        expect((await cartOf(s.token)).lineCount).toBe(2);
        expect((await placeOrder(shop, s.token, payment)).errors).toBeUndefined();
      }
      expect(await myOrders(shop, s.token)).toHaveLength(1);
      expect((await cartOf(s.token)).lineCount).toBe(0);
    }
    expect((await fetch(`${stack.apis[0]}/api/health`)).status).toBe(200);
  });
});
