import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, myOrders, newShopper, pay, products, startCheckout } from '../support/shop-client';
import { JWT_SECRET, localPostgres, ROOT, type Stack, startStack } from '../support/stack';

// The embedded database belongs to one process, and the shop makes every paid order even when
// no webhook arrives: both as the built processes run them.

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/cli', script), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', JWT_SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const searchProducts = async (api: string, title: string) =>
  (await (await fetch(`${api}/api/product?search=${encodeURIComponent(title)}`)).json()) as { title: string }[];

describe('one owner for the embedded database', () => {
  let stack: Stack;
  let work: string;
  let dataDir: string;
  const title = `Lock Phone ${Date.now().toString(36)}`;

  beforeAll(async () => {
    stack = await startStack({ basePort: 4640 });
    dataDir = path.join(stack.dataDir, 'api');
    work = mkdtempSync(path.join(tmpdir(), 'digitic-lock-'));
    writeFileSync(
      path.join(work, 'products.csv'),
      `title,description,price,category,brand,tags,colors,images,quantity\n"${title}",<p>Fast</p>,19999,Laptop,Acme,new,Black,https://cdn.example.com/p.jpg,5\n`,
    );
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('runs catalogue:import, payments:settle and payments:reconcile inside the running api, which sees the result at once', async () => {
    const imported = await run('import-catalogue.js', [path.join(work, 'products.csv')], { DATA_DIR: dataDir });
    expect(imported.out).toContain('owns the embedded database; running catalogue:import inside it');
    expect(imported.out).toContain('Imported: products 1 new');
    expect(imported.code).toBe(0);
    expect((await searchProducts(stack.apis[0] as string, title)).map((p) => p.title)).toEqual([title]);

    const settle = await run('settle-payments.js', [], { DATA_DIR: dataDir });
    expect(settle.code).toBe(0);
    expect(settle.out).toContain('Nothing to settle');
    const reconcile = await run('reconcile-payments.js', [], { DATA_DIR: dataDir });
    expect(reconcile.out).toMatch(/Reconciled: checked \d+ open checkouts/);
    expect(reconcile.code).toBe(0);
  });

  it('refuses a second api on the same data directory, saying why', async () => {
    const second = spawn(process.execPath, ['dist/server.js'], {
      cwd: path.join(ROOT, 'api'),
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, API_PORT: '0', JWT_SECRET, LOG_SILENT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stderr.on('data', (c: Buffer) => (out += c.toString()));
    second.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain(`The embedded database at ${path.join(dataDir, 'pglite')} is in use by a running shop api`);
    expect(out).toContain('use PostgreSQL (DATABASE_URL)');
  });

  it('keeps what the commands wrote across a restart, and a command runs on its own while the shop is stopped', async () => {
    await stack.stopApi(0);
    const alone = await run('reconcile-payments.js', [], { DATA_DIR: dataDir });
    expect(alone.code).toBe(0);
    expect(alone.out).not.toContain('inside it');
    expect(alone.out).toMatch(/Reconciled:/);
    await stack.startApi(0);
    expect((await searchProducts(stack.apis[0] as string, title)).map((p) => p.title)).toEqual([title]);
  });
});

const postgres = await localPostgres();

describe.runIf(postgres)('webhooks that never arrive, two apis reconciling on PostgreSQL', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      basePort: 4600,
      apis: 2,
      gateways: 2,
      postgresAdminUrl: postgres as string,
      simEnv: { PAYMENT_SIM_WEBHOOKS: 'drop' },
      apiEnv: { RECONCILE_INTERVAL_S: '1', RECONCILE_AFTER_S: '1', CHECKOUT_EXPIRY_S: '3600' },
    });
  });
  afterAll(() => stack?.close());

  it('makes each paid order exactly once, with one confirmation, whichever api reconciles it', async () => {
    const shop = stack.shops[0] as string;
    const catalogue = await products(shop, 6);
    const shoppers = await Promise.all(
      catalogue.slice(0, 4).map(async (product) => {
        const s = await newShopper(shop, 'reconcile');
        await addToCart(shop, s.token, product, 1);
        const session = await startCheckout(shop, s.token);
        if (!session.data) throw new Error(JSON.stringify(session.errors));
        await pay(stack.simulatorUrl, session.data.startCheckout.providerOrderId);
        return s;
      }),
    );
    // No webhook came and the browsers never called placeOrder: reconciliation finds each payment.
    for (const s of shoppers) {
      const orders = await until(
        `${s.email}'s order`,
        async () => {
          const o = await myOrders(shop, s.token);
          return o.length > 0 && o;
        },
        30_000,
      );
      expect(orders).toHaveLength(1);
    }
    await new Promise((r) => setTimeout(r, 2_500)); // more runs on both apis: still one of everything
    for (const s of shoppers) expect(await myOrders(stack.shops[1] as string, s.token)).toHaveLength(1);

    const outbox = path.join(stack.dataDir, 'api', 'outbox');
    const mails = readdirSync(outbox)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; subject: string });
    for (const s of shoppers) expect(mails.filter((m) => m.to === s.email && / is confirmed$/.test(m.subject))).toHaveLength(1);

    const metric = async (api: string, pattern: RegExp) => {
      const text = await (await fetch(`${api}/metrics`)).text();
      return text
        .split('\n')
        .filter((l) => pattern.test(l))
        .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
    };
    const byReconcile = await Promise.all(stack.apis.map((a) => metric(a, /^checkouts_total\{.*outcome="ordered".*source="reconcile"/)));
    expect(byReconcile.reduce((a, b) => a + b, 0)).toBe(4);
    const runs = await Promise.all(stack.apis.map((a) => metric(a, /^payment_reconciliation_runs_total\{.*result="ran"/)));
    expect(runs.every((n) => n > 0)).toBe(true);
  });
});
