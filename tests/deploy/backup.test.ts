import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { addToCart, gql, myOrders, newShopper, pay, PASSWORD, placeOrder, products, startCheckout } from '../support/shop-client';
import { createDatabase, dropDatabase, localPostgres, ROOT, type Stack, startStack } from '../support/stack';

// A shop with customers, orders and reviews is backed up, wiped and restored, and has every one of them
// again: on the embedded database (backed up through the running api, restored with the shop stopped) and
// on PostgreSQL (pg_dump and pg_restore).

const admin = await localPostgres();
const folder = mkdtempSync(path.join(tmpdir(), 'digitic-backups-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** npm run db:backup / db:restore as an operator types them (async: the stack's proxies run in this process). */
const command = (name: 'db:backup' | 'db:restore', args: string[], env: Record<string, string>) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', name, '--', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr }),
    );
  });

const REVIEW = 'Sharp screen; the battery lasts the day.';

describe.each([
  ['PGlite', null],
  ['PostgreSQL', admin],
])('db:backup and db:restore on %s', (kind, adminUrl) => {
  it.skipIf(kind === 'PostgreSQL' && !adminUrl)(
    'brings back every customer, order and review after the data is wiped',
    async () => {
      const dataDir = mkdtempSync(path.join(folder, 'data-'));
      const databaseUrl = adminUrl ? await createDatabase(adminUrl, 'digitic_backup') : null;
      // The stack's api keeps its files in dataDir/api, as DATA_DIR of its own.
      const env = { DATA_DIR: path.join(dataDir, 'api'), DATABASE_URL: databaseUrl ?? '' };
      const basePort = kind === 'PGlite' ? 5480 : 5490;
      let stack: Stack | null = await startStack({ basePort, dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
      try {
        const shop = stack.shops[0] as string;
        const shopper = await newShopper(shop, 'backup');
        const [product] = await products(shop, 1);
        if (!product) throw new Error('no product');
        const review = await gql(
          shop,
          'mutation($i: RateProductInput!) { rateProduct(input: $i) { id } }',
          { i: { productId: product.id, star: 4, comment: REVIEW } },
          { token: shopper.token },
        );
        expect(review.errors).toBeUndefined();
        await addToCart(shop, shopper.token, product);
        const checkout = await startCheckout(shop, shopper.token);
        const payment = await pay(stack.simulatorUrl, checkout.data?.startCheckout.providerOrderId as string);
        const order = await placeOrder(shop, shopper.token, payment);
        const orderId = order.data?.placeOrder.id as string;
        expect(orderId).toBeTruthy();

        const file = path.join(folder, `${kind}.backup`);
        const backup = await command('db:backup', [`--out=${file}`], env);
        expect(backup.out).toContain(`Backed up the shop's database to ${file}`);
        expect(backup.code).toBe(0);
        if (kind === 'PGlite') {
          expect(backup.out).toMatch(/owns the embedded database; it makes the backup/);
          const refused = await command('db:restore', [file], env);
          expect(refused.code).toBe(1);
          expect(refused.out).toMatch(/The shop is running on this database .*: stop it first/);
        }

        await stack.close();
        stack = null;
        // Wiped: the data directory's database gone, or every table of the PostgreSQL database.
        if (databaseUrl) {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          await client.query('drop schema public cascade; create schema public');
          await client.end();
        } else {
          rmSync(path.join(env.DATA_DIR, 'pglite'), { recursive: true, force: true });
        }

        const restore = await command('db:restore', [file], env);
        expect(restore.code, restore.out).toBe(0);
        expect(restore.out).toMatch(/Restored .*: 1 customers, 1 orders, \d+ products, 1 reviews, \d+ blogs\./);

        stack = await startStack({ basePort, dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
        const again = stack.shops[0] as string;
        const login = await gql<{ login: { token: string } }>(again, 'mutation($i: LoginInput!) { login(input: $i) { token } }', {
          i: { email: shopper.email, password: PASSWORD },
        });
        const token = login.data?.login.token as string;
        expect(token).toBeTruthy();
        expect((await myOrders(again, token)).map((o) => o.id)).toEqual([orderId]);
        const shown = await gql<{ product: { reviews: { comment: string }[] } }>(
          again,
          'query($id: ID!) { product(id: $id) { reviews { comment } } }',
          {
            id: product.id,
          },
        );
        expect(shown.data?.product.reviews.map((r) => r.comment)).toContain(REVIEW);
      } finally {
        await stack?.close();
        if (adminUrl && databaseUrl) await dropDatabase(adminUrl, databaseUrl);
      }
    },
    240_000,
  );
});
