import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningSimulator, startSimulator } from '@digitic/payment-simulator';
import { SHIPPING_FEE } from '@digitic/shop-rules';
export { SoftAuthenticator } from './soft-authenticator.js';
import pg from 'pg';
import request from 'supertest';
import { createApp } from '../app.js';
import { createServices, type Services } from '../services.js';
import { type ApiConfig, loadConfig } from '../config/env.js';
import { type Db, openDb } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { Kysely } from 'kysely';
import type { StaffRole } from '@digitic/shop-rules';
import { command } from '../audit/actor.js';
import { totpFor } from '../staff/secrets.js';
import { openSnapshot } from './snapshot.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { createRazorpayProvider, type PaymentProvider } from '../payments/provider.js';

export interface TestApi {
  app: ReturnType<typeof createApp>;
  /** The services the app runs on (services.ts): the same instances its routes use. */
  services: Services;
  /** The api listening on loopback, e.g. http://127.0.0.1:40123/api */
  url: string;
  /** Every request the api received, as "METHOD /path?query", in order (but the gateways' reads of the catalogue change log). */
  requests: string[];
  /** How many times the catalogue change log was read (the reads left out of `requests`). */
  changeLogReads(): number;
  http: ReturnType<typeof request>;
  database: Db & { url: string | null; drop(): Promise<void> };
  sim: RunningSimulator;
  config: ApiConfig;
  logs: string[];
  outbox(): Promise<{ to: string; subject: string; text: string; html: string; replyTo?: string }[]>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database for one test file, dropped afterwards. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL as string;
  const name = `digitic_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApiOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  payments?: (config: ApiConfig) => PaymentProvider;
  seed?: boolean;
  /** The simulator sends its webhooks to this api (as `npm start` wires them). */
  webhooks?: boolean;
}

/** The real api on a real database (PGlite in memory, or PostgreSQL), with a real payment simulator. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const sim = await startSimulator(0);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'digitic-api-'));
  // A copy of the run's snapshot (test/snapshot.ts), migrated and seeded once a run, not made from nothing each time.
  const database = await openSnapshot(options.seed === false ? 'empty' : 'seeded');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_SIM_URL: sim.url,
    WEB_URL: 'http://shop.test',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const logs: string[] = [];
  const services = createServices(database.db, config, {
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
    payments: options.payments?.(config) ?? createRazorpayProvider(config.razorpay),
    log: (line) => logs.push(line),
  });
  const app = createApp({ ...services, services, dbKind: database.kind });
  const requests: string[] = [];
  let changeLogReads = 0;
  const outer = express();
  outer.use((req, _res, next) => {
    // A gateway reads the catalogue change log every fraction of a second: those reads are not the test's.
    if (req.originalUrl.startsWith('/api/catalogue/changes')) changeLogReads += 1;
    else requests.push(`${req.method} ${req.originalUrl}`);
    next();
  });
  outer.use(app);
  const server = await new Promise<Server>((resolve) => {
    const s = outer.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  if (options.webhooks) {
    sim.webhooks.settings.url = `http://127.0.0.1:${port}/api/payments/razorpay/webhook`;
    sim.webhooks.settings.retryBaseMs = 100;
  }
  return {
    app,
    services,
    url: `http://127.0.0.1:${port}/api`,
    requests,
    changeLogReads: () => changeLogReads,
    http: request(app),
    database,
    sim,
    config,
    logs,
    async outbox() {
      const files = (await readdir(config.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(config.outboxDir, f), 'utf8'))));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await database.drop().catch(() => {});
      await sim.close();
      // A confirmation e-mail sent after the test may still be landing in the outbox: retry as it settles.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

let counter = 0;
export const uniqueEmail = (label = 'shopper') => `${label}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.com`;

export interface TestCustomer {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: { Authorization: string };
}

/** Registers and signs in a new customer through the api. */
export async function newCustomer(api: TestApi, overrides: Record<string, unknown> = {}): Promise<TestCustomer> {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const reg = await api.http
    .post('/api/user/register')
    .send({ firstname: 'Asha', lastname: 'Patel', email, mobile: '9876543210', password, ...overrides });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await api.http.post('/api/user/login').send({ email: overrides.email ?? email, password: overrides.password ?? password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: login.body._id, email, password, token: login.body.token, auth: { Authorization: `Bearer ${login.body.token}` } };
}

export interface ListedProduct {
  _id: string;
  title: string;
  price: number;
  color: { _id: string; title: string }[];
}

export async function someProducts(api: TestApi, query = 'limit=5&sort=price'): Promise<ListedProduct[]> {
  const res = await api.http.get(`/api/product?${query}`);
  if (res.status !== 200) throw new Error(`product list failed: ${res.status}`);
  return res.body;
}

/** Pays a provider order in the simulator the way the browser widget does; returns Razorpay's handler payload. */
export async function payInSimulator(api: TestApi, orderId: string, outcome: 'success' | 'failure' = 'success') {
  const res = await fetch(`${api.sim.url}/sim/orders/${orderId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: api.config.razorpay.keyId, outcome }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** Creates a provider order in the simulator as the gateway will (Razorpay's REST API, basic auth). */
/** A provider order as the gateway's startCheckout makes it: for `customerId`, named in its notes. */
export async function createProviderOrder(api: TestApi, amountRupees: number, customerId: string): Promise<string> {
  const res = await fetch(`${api.sim.url}/v1/orders`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${api.config.razorpay.keyId}:${api.config.razorpay.keySecret}`).toString('base64')}`,
    },
    body: JSON.stringify({ amount: amountRupees * 100, currency: 'INR', receipt: 'test', notes: { customer: customerId } }),
  });
  const body = (await res.json()) as { id: string };
  return body.id;
}

/** A delivery address the shop ships to (Surat, Gujarat). */
export const TEST_ADDRESS = {
  firstname: 'A',
  lastname: 'P',
  address: '1 Road',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
} as const;

/**
 * A real order: a new customer buys one of `product` (its first colour), pays in the simulator and makes the
 * order by the browser's path (or finds it made by the webhook's). Answers the order's id and its customer.
 */
export async function placeOrder(
  api: TestApi,
  product: ListedProduct,
  options: { quantity?: number; customer?: TestCustomer; phone?: string; address?: string } = {},
): Promise<{ orderId: string; customer: TestCustomer; paymentId: string }> {
  const customer = options.customer ?? (await newCustomer(api));
  const quantity = options.quantity ?? 1;
  await api.http.post('/api/user/cart').set(customer.auth).send({ productId: product._id, color: product.color[0]?._id, quantity });
  const paid = await payInSimulator(api, await createProviderOrder(api, product.price * quantity + SHIPPING_FEE, customer.id));
  const res = await api.http
    .post('/api/user/cart/create-order')
    .set(customer.auth)
    .send({
      shippingInfo: {
        ...TEST_ADDRESS,
        ...(options.phone === undefined ? {} : { phone: options.phone }),
        ...(options.address === undefined ? {} : { address: options.address }),
      },
      paymentInfo: {
        razorpayOrderId: paid.body.razorpay_order_id,
        razorpayPaymentId: paid.body.razorpay_payment_id,
        razorpaySignature: paid.body.razorpay_signature,
      },
    });
  // 201: this call made the order. 200: the same order, already made from the payment's webhook, when the simulator
  // sends them (`webhooks`) and its webhook came first, as it may on a loaded machine.
  if ((res.status !== 201 && res.status !== 200) || !res.body.order?._id)
    throw new Error(`the order was not made: ${res.status} ${JSON.stringify(res.body)}`);
  return { orderId: res.body.order._id as string, customer, paymentId: paid.body.razorpay_payment_id as string };
}

/** Sets a product's stock: every colour it is offered in (or just `colorId`) to `quantity` units. */
export async function setStock(db: Kysely<Database>, productId: string, quantity: number, colorId?: string): Promise<void> {
  let update = db.updateTable('product_colors').set({ quantity }).where('product_id', '=', productId);
  if (colorId) update = update.where('color_id', '=', colorId);
  await update.execute();
}

/** A product's stock in all colours offered, each colour's, and its units sold. */
export async function stockOf(db: Kysely<Database>, productId: string) {
  const [variants, product] = await Promise.all([
    db
      .selectFrom('product_colors')
      .select(['color_id', 'quantity'])
      .where('product_id', '=', productId)
      .where('offered', '=', true)
      .orderBy('position')
      .execute(),
    db.selectFrom('products').select('sold').where('id', '=', productId).executeTakeFirstOrThrow(),
  ]);
  return {
    quantity: variants.reduce((sum, v) => sum + v.quantity, 0),
    byColor: Object.fromEntries(variants.map((v) => [v.color_id, v.quantity])),
    sold: product.sold,
  };
}

/** An empty database of the kind the suite runs on (PGlite in memory, or a fresh PostgreSQL one), not migrated. */
export async function openTestDb(): Promise<Db & { drop(): Promise<void> }> {
  const pgdb = process.env.TEST_DB === 'postgres' ? await freshPostgres() : null;
  const database = await openDb(pgdb ? { kind: 'postgres', url: pgdb.url } : { kind: 'pglite', dir: null });
  return {
    ...database,
    async drop() {
      await database.close();
      await pgdb?.drop();
    },
  };
}

/** A staff member of `role`, enrolled with their authenticator and signed in: the headers their desk calls carry. */
export async function staffSession(
  api: TestApi,
  role: StaffRole,
): Promise<{ id: string; email: string; auth: { Authorization: string; 'X-CSRF-Token': string } }> {
  const email = uniqueEmail(role);
  const { staffId, link } = await api.services.staff.invite({ email, role }, command('test'));
  const token = link.split('#')[1] as string;
  const invitation = await api.http.get(`/api/admin/invites/${token}`);
  const secret = invitation.body.totp.secret as string;
  const password = 'a long staff password';
  const enrol = await api.http.post(`/api/admin/invites/${token}/enrol`).send({ password, code: totpFor(secret, 'x', 'x').generate() });
  if (enrol.status !== 201) throw new Error(`enrolment failed: ${enrol.status} ${JSON.stringify(enrol.body)}`);
  const code = totpFor(secret, 'x', 'x').generate({ timestamp: Date.now() + 30_000 });
  const session = await api.http.post('/api/admin/session').send({ email, password, code });
  if (session.status !== 201) throw new Error(`sign-in failed: ${session.status} ${JSON.stringify(session.body)}`);
  return { id: staffId, email, auth: { Authorization: `Staff ${session.body.token}`, 'X-CSRF-Token': session.body.csrf } };
}
