import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, gql, type ListedProduct, newShopper, products } from '../support/shop-client';
import { createDatabase, dropDatabase, localPostgres, localRedis, ROOT } from '../support/stack';

// `npm run start:cluster` (tests/cluster.ts) as a shop owner runs it: 2 apis and 2 gateways on one
// PostgreSQL and one Redis, behind one address. Nothing of a shopper's may depend on which answers.

const postgres = await localPostgres();
const redis = await localRedis();
const PORT = 4990;

describe.runIf(postgres && redis)('npm run start:cluster', () => {
  let cluster: ChildProcess;
  let databaseUrl: string;
  let gateways: string[] = [];
  let output = '';
  const shop = `http://127.0.0.1:${PORT}`;

  beforeAll(async () => {
    databaseUrl = await createDatabase(postgres as string, 'digitic_cluster');
    cluster = spawn(process.execPath, ['--import', 'tsx', 'tests/cluster.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis as string,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        CLUSTER_BASE_PORT: '5000',
        DATA_DIR: path.join(ROOT, '.data', `cluster-test-${process.pid}`),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    cluster.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const until = Date.now() + 90_000;
    while (!/The shop is at/.test(output)) {
      if (Date.now() > until || cluster.exitCode !== null) throw new Error(`start:cluster did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    gateways = /gateways: ([^;]+);/.exec(output)?.[1]?.split(', ') ?? [];
  }, 120_000);

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    if (databaseUrl) await dropDatabase(postgres as string, databaseUrl).catch(() => {});
    rmSync(path.join(ROOT, '.data', `cluster-test-${process.pid}`), { recursive: true, force: true });
  });

  it('serves the shop at one address, from two gateways', async () => {
    expect(gateways).toHaveLength(2);
    const page = await fetch(`${shop}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await gql(shop, '{ shopInfo { name } }')).data).toEqual({ shopInfo: { name: 'Digitic' } });
  });

  it('reads through one gateway the cart written through the other', async () => {
    const [a, b] = gateways as [string, string];
    const catalogue = await products(a, 3);
    const s = await newShopper(a, 'cluster');
    await addToCart(a, s.token, catalogue[0] as ListedProduct, 3);
    const seen = await gql<{ cart: { lineCount: number; lines: { quantity: number }[] } }>(
      b,
      '{ cart { lineCount lines { quantity } } }',
      {},
      { token: s.token },
    );
    expect(seen.data?.cart).toEqual({ lineCount: 1, lines: [{ quantity: 3 }] });
  });

  it('holds a sign-in limit counted on one gateway on the other', async () => {
    const [a, b] = gateways as [string, string];
    const s = await newShopper(a, 'cluster-limit');
    const login = (url: string, password: string) =>
      gql(url, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { email: s.email, password } });
    for (let i = 0; i < 3; i++) expect((await login(a, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(b, `wrong-b-${i}`)).status).toBe(401);
    expect((await login(a, 'correct horse battery')).status).toBe(429);
    expect((await login(b, 'correct horse battery')).status).toBe(429);
  });

  it('shares the response cache: a guest read cached by one gateway is a cache hit on the other', async () => {
    const [a, b] = gateways as [string, string];
    const query = `query Shared_${Date.now().toString(36)} { blogs { id title } }`;
    const first = await gql(a, query);
    expect(first.errors).toBeUndefined();
    expect(first.headers.get('age')).toBeNull();
    const second = await gql(b, query);
    expect(second.data).toEqual(first.data);
    expect(second.headers.get('age')).not.toBeNull();
  });

  it('runs the back office through nginx on two gateways and two apis: the banner’s first owner, one session either way, a price edit on every gateway’s next page', async () => {
    const [a, b] = gateways as [string, string];
    // The start-up banner of a fresh shop (either api may print it): the first owner's one-time link, the last line
    // of the start (the api prints it once the shop's address is ready).
    const banner = () => /\/admin\/enrol#([\w-]+)/.exec(output)?.[1];
    for (const until = Date.now() + 40_000; !banner() && Date.now() < until;) await new Promise((r) => setTimeout(r, 250));
    const token = banner();
    expect(token, 'the start-up banner printed the first owner’s link').toBeDefined();
    const jar = new Map<string, string>();
    const admin = async <T>(base: string, query: string, variables: Record<string, unknown> = {}) => {
      const res = await fetch(`${base}/admin/graphql`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(jar.has('digitic_staff_csrf') ? { 'X-CSRF-Token': jar.get('digitic_staff_csrf') as string } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      for (const c of res.headers.getSetCookie()) {
        const [k, ...v] = (c.split(';')[0] ?? '').split('=');
        if (!k) continue;
        if (v.join('=')) jar.set(k, v.join('='));
        else jar.delete(k);
      }
      return (await res.json()) as { data?: T; errors?: { message: string; extensions: { code: string } }[] };
    };
    const invitation = await admin<{ invitation: { totpSecret: string; needsEmail: boolean } }>(
      shop,
      'query($t: String!) { invitation(token: $t) { totpSecret needsEmail } }',
      { t: token },
    );
    expect(invitation.errors, JSON.stringify(invitation.errors)).toBeUndefined();
    expect(invitation.data?.invitation.needsEmail).toBe(true);
    const secret = invitation.data?.invitation.totpSecret as string;
    const code = (ahead: number) =>
      new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead });
    const email = `owner.${Date.now().toString(36)}@example.com`;
    const enrolled = await admin(shop, 'mutation($t: String!, $i: EnrolInput!) { enrol(token: $t, input: $i) { recoveryCodes } }', {
      t: token,
      i: { email, password: 'a long cluster password', code: code(0) },
    });
    expect(enrolled.errors).toBeUndefined();
    // Signed in through nginx; the session works on either gateway (each on its own api) and through nginx again.
    const signedIn = await admin(shop, 'mutation($i: SignInInput!) { signIn(input: $i) { id } }', {
      i: { email, password: 'a long cluster password', code: code(30_000) },
    });
    expect(signedIn.errors).toBeUndefined();
    for (const base of [a, b, shop, shop]) {
      expect((await admin<{ me: { email: string } | null }>(base, '{ me { email } }')).data?.me?.email).toBe(email);
    }
    // A write through one gateway (with the CSRF token), read through the other.
    const invited = await admin<{ inviteStaff: { link: string } }>(
      b,
      'mutation { inviteStaff(email: "pack@example.com", role: FULFILMENT) { link } }',
    );
    expect(invited.errors).toBeUndefined();
    const staff = await admin<{ staff: { email: string }[] }>(a, '{ staff { email } }');
    expect(staff.data?.staff.map((m) => m.email)).toContain('pack@example.com');
    const audit = await admin<{ auditLog: { action: string }[] }>(a, '{ auditLog(filter: { action: "staff." }) { action } }');
    expect(audit.data?.auditLog.map((r) => r.action)).toEqual(expect.arrayContaining(['staff.enrolled', 'staff.sign_in', 'staff.invited']));
    // A price edited in the desk is on the next server-rendered page of either gateway and through nginx: their
    // page caches (in memory and shared in Redis) follow the api's catalogue change log, not a TTL.
    const apis = (/apis: ([^)]+)\)/.exec(output)?.[1]?.split(', ') ?? []).map((u) => `${u.replace(/\/(api\/?)?$/, '')}/api`);
    expect(apis).toHaveLength(2);
    const [product] = await products(a, 1);
    if (!product) throw new Error('the demo catalogue has products');
    const pageOf = async (base: string) => (await fetch(`${base}/product/${product.id}`)).text();
    for (const base of [a, b, a, b]) expect(await pageOf(base)).toContain(`"price":"${product.price}.00"`);
    const staffAuth = { Authorization: `Staff ${jar.get('digitic_staff')}`, 'X-CSRF-Token': jar.get('digitic_staff_csrf') as string };
    const read = await fetch(`${apis[1]}/admin/catalogue/products/${product.id}`, { headers: staffAuth });
    expect(read.status, await read.clone().text()).toBe(200);
    const desk = (await read.json()) as Record<string, unknown> & { variants: { color: string; offered: boolean }[] };
    const edited = await fetch(`${apis[0]}/admin/catalogue/products/${product.id}`, {
      method: 'PUT',
      headers: { ...staffAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...desk,
        price: product.price + 1,
        stock: undefined,
        colors: desk.variants.filter((v) => v.offered).map((v) => v.color),
      }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const editedAt = Date.now();
    for (const base of [a, b, shop]) {
      let html = await pageOf(base);
      while (!html.includes(`"price":"${product.price + 1}.00"`) && Date.now() - editedAt < 1000) html = await pageOf(base);
      expect(html, base).toContain(`"price":"${product.price + 1}.00"`);
    }
    // Signed out on one gateway: dead on the other too.
    const session = jar.get('digitic_staff') as string;
    await admin(a, 'mutation { signOut }');
    jar.set('digitic_staff', session);
    expect((await admin<{ me: null }>(b, '{ me { email } }')).data?.me).toBeNull();
  });
});
