// Four startCheckout calls at once for one cart and address made four provider orders; paying each made three orders and a refund.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import type { ApiConfig } from '../config/env.js';
import { openDb } from '../db/connect.js';
import { DomainError } from '../domain/errors.js';
import { createMailer } from '../mail/mailer.js';
import {
  type ListedProduct,
  newCustomer,
  payInSimulator,
  someProducts,
  startTestApi,
  type TestApi,
  type TestCustomer,
} from '../test/harness.js';
import { illFormedTextAt } from '../http/validate.js';
import { checkoutsService } from './service.js';
import { createRazorpayProvider } from '../payments/provider.js';

/**
 * The wire between the api's Razorpay SDK and the simulator: holds each order creation a while, so
 * concurrent starts overlap as they do with a real provider, fails the next ones when told to, and
 * names the customer of every provider order that was made.
 */
async function providerLine() {
  const line = { delayMs: 400, failNext: 0, madeFor: [] as string[], target: '', close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = Buffer.concat((await req.toArray()) as Buffer[]);
      const creating = req.method === 'POST' && req.url === '/v1/orders';
      if (creating) {
        await new Promise((r) => setTimeout(r, line.delayMs));
        if (line.failNext > 0) {
          line.failNext -= 1;
          res.writeHead(502, { 'Content-Type': 'text/plain' }).end('Bad gateway');
          return;
        }
      }
      const answer = await fetch(`${line.target}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: { 'Content-Type': 'application/json', Authorization: req.headers.authorization ?? '' },
        ...(body.length > 0 ? { body } : {}),
      });
      const text = await answer.text();
      if (creating && answer.ok) line.madeFor.push((JSON.parse(body.toString()) as { notes: { customer: string } }).notes.customer);
      res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  line.close = () => new Promise((done) => server.close(() => done()));
  const provider = (config: ApiConfig) => {
    line.target = config.razorpay.apiUrl;
    return createRazorpayProvider({ ...config.razorpay, apiUrl: url });
  };
  return { line, provider };
}

let api: TestApi;
let products: ListedProduct[];
let wire: Awaited<ReturnType<typeof providerLine>>;
beforeAll(async () => {
  wire = await providerLine();
  api = await startTestApi({ payments: wire.provider });
  products = await someProducts(api, 'limit=8&sort=price');
});
afterAll(async () => {
  await api.close();
  await wire.line.close();
});

const shippingInfo = {
  firstname: 'Asha',
  lastname: 'Patel',
  address: '12 MG Road',
  other: 'Flat 4',
  city: 'Surat',
  state: 'Gujarat',
  country: 'India',
  pincode: 395003,
};
const elsewhere = { ...shippingInfo, address: '7 Ring Road' };

async function fill(c: TestCustomer, i = 0) {
  const p = products[i] as ListedProduct;
  const res = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p._id, color: p.color[0]?._id, quantity: 1 });
  expect(res.status).toBe(201);
}

const startOn = (to: ReturnType<typeof request>, c: TestCustomer, address = shippingInfo) =>
  to.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo: address });
const providerOrdersFor = (c: TestCustomer) => wire.line.madeFor.filter((id) => id === c.id).length;
const checkoutsOf = (c: TestCustomer) =>
  api.database.db.selectFrom('checkouts').select(['razorpay_order_id', 'status']).where('customer_id', '=', c.id).execute();
const leaseOf = (c: TestCustomer) =>
  api.database.db.selectFrom('job_leases').selectAll().where('name', '=', `checkout-start:${c.id}`).executeTakeFirst();

describe('starting a checkout at once several times', () => {
  it('gives concurrent starts for one cart and address the same provider order', async () => {
    const c = await newCustomer(api);
    await fill(c);
    const answers = await Promise.all(Array.from({ length: 6 }, () => startOn(api.http, c)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((r) => r.body.checkout.razorpayOrderId as string));
    expect(ids.size).toBe(1);
    expect(providerOrdersFor(c)).toBe(1);
    expect(await checkoutsOf(c)).toEqual([{ razorpay_order_id: [...ids][0], status: 'started' }]);
    expect(await leaseOf(c)).toBeUndefined();

    // A payment being confirmed is still refused a new start.
    await api.database.db.updateTable('checkouts').set({ status: 'paid' }).where('customer_id', '=', c.id).execute();
    const refused = await startOn(api.http, c);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^We have received a payment for your cart and are confirming your order/);
  });

  it('still gives each address its own checkout, and each group of starts one provider order', async () => {
    const c = await newCustomer(api);
    await fill(c, 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => startOn(api.http, c, i % 2 === 0 ? shippingInfo : elsewhere).then((r) => ({ i, r }))),
    );
    for (const { r } of answers) expect(r.status).toBe(201);
    const idsOf = (even: boolean) =>
      new Set(answers.filter(({ i }) => (i % 2 === 0) === even).map(({ r }) => r.body.checkout.razorpayOrderId as string));
    expect(idsOf(true).size).toBe(1);
    expect(idsOf(false).size).toBe(1);
    expect([...idsOf(true)][0]).not.toBe([...idsOf(false)][0]);
    expect(providerOrdersFor(c)).toBe(2);
  });

  it('frees the lease when the provider fails, so the next start makes the order', async () => {
    const c = await newCustomer(api);
    await fill(c, 2);
    wire.line.failNext = 1;
    const answers = await Promise.all(Array.from({ length: 4 }, () => startOn(api.http, c)));
    const failed = answers.filter((r) => r.status === 503);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.body.message).toBe('The payment provider is unreachable. Nothing was charged; please try again.');
    const started = answers.filter((r) => r.status === 201);
    expect(started).toHaveLength(3);
    expect(new Set(started.map((r) => r.body.checkout.razorpayOrderId as string)).size).toBe(1);
    expect(providerOrdersFor(c)).toBe(1);
    const again = await startOn(api.http, c);
    expect(again.body.checkout.razorpayOrderId).toBe(started[0]?.body.checkout.razorpayOrderId);
    expect(await leaseOf(c)).toBeUndefined();
  });

  it('answers 409 naming what to do while another start holds the lease, and takes over one whose holder crashed', async () => {
    const c = await newCustomer(api);
    await fill(c, 3);
    const name = `checkout-start:${c.id}`;
    await sql`insert into job_leases (name, holder, expires_at) values (${name}, 'api-elsewhere', now() + interval '60 seconds')`.execute(
      api.database.db,
    );
    const impatient = checkoutsService({
      db: api.database.db,
      payments: wire.provider(api.config),
      mailer: createMailer({ smtpUrl: undefined, from: api.config.mailFrom, outboxDir: api.config.outboxDir }),
      log: () => {},
      keyId: api.config.razorpay.keyId,
      webUrl: api.config.webUrl,
      shop: api.services.settings.identity,
      seller: api.config.seller,
      startWaitMs: 300,
    });
    const busy = await impatient.start(c.id, shippingInfo).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(DomainError);
    expect(busy).toMatchObject({
      code: 'CONFLICT',
      message: 'Your checkout is still being started in another window or tab. Please wait a moment and try again.',
    });
    expect(providerOrdersFor(c)).toBe(0);

    // Its holder died without giving it back: it frees itself when it expires.
    await sql`update job_leases set expires_at = now() + interval '1 second' where name = ${name}`.execute(api.database.db);
    const res = await startOn(api.http, c);
    expect(res.status).toBe(201);
    expect(providerOrdersFor(c)).toBe(1);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('gives starts spread over two apis on one database the same provider order', async () => {
    const second = await openDb({ kind: 'postgres', url: api.config.databaseUrl as string });
    try {
      const other = request(
        createApp({
          db: second.db,
          dbKind: 'postgres',
          config: api.config,
          mailer: createMailer({ smtpUrl: undefined, from: api.config.mailFrom, outboxDir: api.config.outboxDir }),
          payments: wire.provider(api.config),
          log: () => {},
        }),
      );
      const c = await newCustomer(api);
      await fill(c, 4);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => startOn(i % 2 === 0 ? api.http : other, c)));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((r) => r.body.checkout.razorpayOrderId as string)).size).toBe(1);
      expect(providerOrdersFor(c)).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('a start the shop could not record', () => {
  it('refuses ill-formed text anywhere in the request with 400 naming the field, before any provider order', async () => {
    const c = await newCustomer(api);
    await fill(c, 5);
    const spellings: [Record<string, unknown>, string][] = [
      [{ ...shippingInfo, firstname: 'Ra\ud800vi' }, 'shippingInfo.firstname'],
      [{ ...shippingInfo, lastname: 'Pa\udc00tel' }, 'shippingInfo.lastname'],
      [{ ...shippingInfo, address: 'MG Road \udc00\ud800' }, 'shippingInfo.address'],
      [{ ...shippingInfo, city: 'Surat\u0000' }, 'shippingInfo.city'],
      [{ ...shippingInfo, ['note\ud83d']: 'x' }, 'a field name in shippingInfo'],
    ];
    for (const [address, field] of spellings) {
      const res = await startOn(api.http, c, address as typeof shippingInfo);
      expect(res.status, field).toBe(400);
      expect(res.body.message, field).toMatch(
        new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')} must (not contain a NUL|be well-formed text)`),
      );
    }
    // The walker every request passes (bodies and query strings): a whole pair is text like any other.
    expect(illFormedTextAt({ name: 'Ravi 😀', list: ['ok', { deep: 'fine' }] })).toBeNull();
    expect(illFormedTextAt({ list: ['ok', { deep: 'a\udbffb' }] })).toEqual({
      field: 'list[1].deep',
      problem: 'must be well-formed text (it holds half of a character: a lone UTF-16 surrogate)',
    });
    expect(providerOrdersFor(c)).toBe(0);
    expect(await checkoutsOf(c)).toEqual([]);
  });

  it('makes no provider order when the database refuses the checkout it would record', async () => {
    const c = await newCustomer(api);
    await fill(c, 6);
    const db = api.database.db;
    await sql`
      create function refuse_test_checkout() returns trigger language plpgsql as $$
      begin
        if new.shipping_info->>'city' = 'Refused City' then raise exception 'refused by the test'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_test_checkout before insert on checkouts for each row execute function refuse_test_checkout()`.execute(
      db,
    );
    try {
      const refused = await startOn(api.http, c, { ...shippingInfo, city: 'Refused City' });
      expect(refused.status).toBe(500);
      expect(providerOrdersFor(c)).toBe(0);
      expect(await checkoutsOf(c)).toEqual([]);
      // The same cart to a city the database takes starts as ever: one provider order, one checkout.
      const started = await startOn(api.http, c);
      expect(started.status).toBe(201);
      expect(providerOrdersFor(c)).toBe(1);
      expect(await checkoutsOf(c)).toEqual([{ razorpay_order_id: started.body.checkout.razorpayOrderId, status: 'started' }]);
    } finally {
      await sql`drop trigger refuse_test_checkout on checkouts`.execute(db);
      await sql`drop function refuse_test_checkout()`.execute(db);
    }
  });
});

describe('placing the order of a started checkout', () => {
  /** The statements every Kysely executor of the api runs while `work` runs (they share their class's executeQuery). */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    let owner: object | null = Object.getPrototypeOf(api.database.db.getExecutor()) as object | null;
    while (owner && !Object.hasOwn(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner) as object | null;
    if (!owner) throw new Error('no executeQuery to watch');
    const spy = vi.spyOn(owner as { executeQuery: (q: { sql: string }) => Promise<unknown> }, 'executeQuery');
    try {
      await work();
      return spy.mock.calls.map(([q]) => q.sql);
    } finally {
      spy.mockRestore();
    }
  }

  it('reads its checkout once by the payment order and locks it once, for both of its moves (paid, then ordered)', async () => {
    const c = await newCustomer(api);
    await fill(c, 2);
    const started = await startOn(api.http, c);
    expect(started.status).toBe(201);
    const paid = await payInSimulator(api, started.body.checkout.razorpayOrderId as string);
    const statements = await statementsDuring(async () => {
      const placed = await api.http
        .post('/api/user/cart/create-order')
        .set(c.auth)
        .send({
          shippingInfo,
          paymentInfo: {
            razorpayOrderId: paid.body.razorpay_order_id,
            razorpayPaymentId: paid.body.razorpay_payment_id,
            razorpaySignature: paid.body.razorpay_signature,
          },
        });
      expect(placed.status).toBe(201);
    });
    const reads = statements.filter((s) => /^select .* from "checkouts" where "razorpay_order_id" = \$1/.test(s));
    const locks = statements.filter((s) => /^select .* from "checkouts" .*for update$/.test(s));
    expect(reads).toHaveLength(1);
    expect(locks).toHaveLength(1);
    expect(await checkoutsOf(c)).toEqual([{ razorpay_order_id: paid.body.razorpay_order_id, status: 'ordered' }]);
  });
});
