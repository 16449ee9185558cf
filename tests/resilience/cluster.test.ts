import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, gql, type ListedProduct, newShopper, products } from '../support/shop-client';
import { localPostgres, localRedis, type Stack, startStack } from '../support/stack';

// Two apis and two gateways on one PostgreSQL and one Redis, as plain processes: nothing of a
// shopper's may depend on which instance answers.

const postgres = await localPostgres();
const redis = await localRedis();

describe.runIf(postgres && redis)('several instances', () => {
  let stack: Stack;
  let catalogue: ListedProduct[];
  beforeAll(async () => {
    stack = await startStack({ basePort: 4900, apis: 2, gateways: 2, postgresAdminUrl: postgres as string, redisUrl: redis as string });
    catalogue = await products(stack.shops[0] as string, 3);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('reads through one gateway (and api) the cart written through the other', async () => {
    const [a, b] = stack.shops as [string, string];
    const s = await newShopper(a, 'cluster');
    await addToCart(a, s.token, catalogue[0] as ListedProduct, 3);
    const seen = await gql<{ cart: { lineCount: number; lines: { quantity: number }[] } }>(
      b,
      '{ cart { lineCount lines { quantity } } }',
      {},
      { token: s.token },
    );
    expect(seen.data?.cart).toEqual({ lineCount: 1, lines: [{ quantity: 3 }] });
    expect(stack.apiProxies[0]?.requests).toBeGreaterThan(0);
    expect(stack.apiProxies[1]?.requests).toBeGreaterThan(0);
  });

  it('holds a sign-in limit counted on one gateway on the other', async () => {
    const [a, b] = stack.shops as [string, string];
    const s = await newShopper(a, 'cluster-limit');
    const login = (shop: string, password: string) =>
      gql(shop, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { email: s.email, password } });
    for (let i = 0; i < 3; i++) expect((await login(a, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(b, `wrong-b-${i}`)).status).toBe(401);
    expect((await login(a, 'correct horse battery')).status).toBe(429);
    expect((await login(b, 'correct horse battery')).status).toBe(429);
  });

  it('shares the response cache: a guest read cached by one gateway is answered by the other without the api', async () => {
    const [a, b] = stack.shops as [string, string];
    const query = `query Shared_${Date.now().toString(36)} { blogs { id title } }`;
    const first = await gql(a, query);
    expect(first.errors).toBeUndefined();
    const before = stack.apiProxies[1]?.requests;
    const second = await gql(b, query);
    expect(second.data).toEqual(first.data);
    expect(stack.apiProxies[1]?.requests).toBe(before);
  });
});
