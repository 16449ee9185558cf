import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../audit/actor.js';
import { moveOrder } from '../orders/order-state.js';
import { newCustomer, payInSimulator, placeOrder, someProducts, staffSession, startTestApi, type TestApi } from '../test/harness.js';

// "Delete my account" (DPDP Act, 2023, s. 12): with the password given again, every personal detail is erased at once;
// afterwards no table holds the shopper's e-mail, phone or name (a test reads every table the database has) but the
// tax invoice as issued, the orders stay for the tax law with their place of supply, and no one signs in again.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Every row of every table as text, but a tax document's buyer (the invoice as issued names them, kept by law). */
async function everyTable(): Promise<Map<string, string>> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(
    api.database.db,
  );
  const out = new Map<string, string>();
  for (const { table_name } of rows) {
    const all = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(api.database.db);
    const kept =
      table_name === 'tax_documents'
        ? all.rows.map((r) => ({ ...r, document: { ...(r.document as Record<string, unknown>), buyer: null } }))
        : all.rows;
    out.set(table_name, JSON.stringify(kept).toLowerCase());
  }
  return out;
}

describe('deleting an account', () => {
  it('erases every personal detail at once, keeps the sales the tax law needs, and no one signs in again', async () => {
    const tag = Date.now().toString(36);
    const first = `Zorawar${tag}`;
    const last = `Quillfeather${tag}`;
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const customer = await newCustomer(api, { firstname: first, lastname: last, mobile });
    const phone = `8${String(Date.now() + 7).slice(-9)}`;
    const street = `${tag} Quillfeather Lane`;
    const [product] = await someProducts(api, 'limit=1&sort=price');
    const { orderId } = await placeOrder(api, product!, { customer, phone, address: street });
    const second = await placeOrder(api, product!, { customer, phone, address: street });
    await api.http
      .put('/api/product/rating')
      .set(customer.auth)
      .send({ prodId: product!._id, star: 5, comment: `Lovely, says ${first}` });
    await api.http.put('/api/product/wishlist').set(customer.auth).send({ prodId: product!._id });
    await api.http.post('/api/user/cart').set(customer.auth).send({ productId: product!._id, color: product!.color[0]?._id, quantity: 1 });
    const asked = await api.http
      .post('/api/enquiry')
      .set(customer.auth)
      .send({ name: `${first} ${last}`, email: customer.email, mobile, comment: `Call me, ${first}.`, complaint: true });
    expect(asked.status).toBe(201);
    // Customer care answers by name, and a staff member looks the order up: the trail records who did what.
    const support = await staffSession(api, 'support');
    const replied = await api.http
      .post(`/api/admin/enquiries/${asked.body._id as string}/replies`)
      .set(support.auth)
      .send({ message: `Dear ${first}, we will call you.` });
    expect(replied.status).toBe(201);
    // Staff look the shopper up by e-mail, phone and name on every desk that searches people, and write notes naming
    // them: the append-only trail and timeline must keep none of it (issue 53).
    const owner = await staffSession(api, 'owner');
    for (const path of [
      `/api/admin/customers?q=${encodeURIComponent(customer.email)}`,
      `/api/admin/customers?q=${mobile}`,
      `/api/admin/orders?q=${phone}`,
      `/api/admin/orders?q=${encodeURIComponent(customer.email)}`,
      `/api/admin/enquiries?q=${first}`,
      `/api/admin/reviews?q=${first}`,
    ]) {
      expect((await api.http.get(path).set(owner.auth)).status, path).toBe(200);
    }
    const noted = await api.http
      .post(`/api/admin/orders/${orderId}/notes`)
      .set(owner.auth)
      .send({ note: `Rang ${first} ${last} on ${phone} (${customer.email}), ${street}` });
    expect(noted.status).toBe(201);
    const review = (await api.http.get(`/api/admin/reviews?q=${first}`).set(owner.auth)).body.reviews[0] as {
      _id: string;
      version: number;
    };
    const hidden = await api.http
      .post(`/api/admin/reviews/${review._id}/hide`)
      .set(owner.auth)
      .send({ reason: `${first} ${last} put a phone number in it`, version: review.version });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    await api.http
      .post(`/api/admin/enquiries/${asked.body._id as string}/notes`)
      .set(owner.auth)
      .send({ note: `${first} rang again from ${mobile}` });
    // A reset link asked for, and the shopper's own copy of their data.
    expect((await api.http.post('/api/user/forgot-password-token').send({ email: customer.email })).status).toBe(200);
    expect((await api.http.get('/api/user/data-export').set(customer.auth)).status).toBe(200);
    const needles = [customer.email.toLowerCase(), mobile, phone, first.toLowerCase(), last.toLowerCase(), street.toLowerCase()];
    const before = await everyTable();
    expect([...before.values()].some((t) => needles.some((n) => t.includes(n)))).toBe(true);

    // With the order on its way, the account is kept: its address is still needed to deliver it.
    const underWay = await api.http.post('/api/user/account/erase').set(customer.auth).send({ password: customer.password });
    expect(underWay.status).toBe(409);
    expect(underWay.body.message).toMatch(/^An order, a payment or a return of yours is still under way/);
    const STAFF: Actor = { kind: 'staff', id: null, label: 'desk@example.com' };
    for (const to of ['Processed', 'Shipped', 'Out For Delivery', 'Delivered'] as const) {
      await moveOrder(api.database.db, orderId, {
        to,
        actor: STAFF,
        note: `Moved for ${first} ${last}`,
        shipment: { carrier: 'Delhivery', trackingNumber: 'DL1', trackingUrl: 'https://track.example/DL1' },
      });
    }
    // A return asked for with the shopper's own words, then decided: nothing is under way any more.
    const item = await api.database.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const ret = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Other', comment: `Ring ${phone}, ask for ${first}` });
    expect(ret.status, JSON.stringify(ret.body)).toBe(201);
    await api.services.returns.move(
      ret.body.order.returns[0]._id as string,
      { to: 'Rejected', version: 0, note: `Told ${first} on ${phone}: outside the window` },
      STAFF,
    );
    // A goodwill refund, its reason naming them.
    const version = ((await api.http.get(`/api/admin/orders/${orderId}`).set(owner.auth)).body as { version: number }).version;
    const refunded = await api.http
      .post(`/api/admin/orders/${orderId}/refunds`)
      .set(owner.auth)
      .send({ reason: `Goodwill for ${first} ${last}, ${customer.email}`, version });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    // The second order, cancelled by staff with a reason naming them: its refund, credit note and e-mail follow.
    const secondVersion = ((await api.http.get(`/api/admin/orders/${second.orderId}`).set(owner.auth)).body as { version: number }).version;
    const cancelled = await api.http
      .post(`/api/admin/orders/${second.orderId}/cancel`)
      .set(owner.auth)
      .send({ reason: `${first} ${last} rang from ${phone}`, version: secondVersion });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (await api.database.db.selectFrom('tax_documents').select('id').where('order_id', 'in', [orderId, second.orderId]).execute())
            .length,
      )
      .toBe(4);
    // Before the erasure, staff read the words back where they wrote them (the timeline, the trail).
    const timeline = JSON.stringify((await api.http.get(`/api/admin/orders/${orderId}`).set(owner.auth)).body.timeline);
    expect(timeline).toContain(`Rang ${first} ${last} on ${phone}`);
    expect(timeline).toContain(`Goodwill for ${first} ${last}`);
    const trail = JSON.stringify((await api.http.get(`/api/admin/audit?subjectId=${orderId}`).set(owner.auth)).body.rows);
    expect(trail).toContain(`Moved for ${first} ${last}`);

    const wrong = await api.http.post('/api/user/account/erase').set(customer.auth).send({ password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The password is not right: your account is kept');
    expect((await api.http.post('/api/user/account/erase').set(customer.auth).send({})).body.message).toBe(
      'Give your password to delete your account',
    );
    const erased = await api.http.post('/api/user/account/erase').set(customer.auth).send({ password: customer.password });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    // No table holds the e-mail, the phones or the name any more, but the invoice as issued.
    const after = await everyTable();
    const left = [...after.entries()].flatMap(([table, text]) => needles.filter((n) => text.includes(n)).map((n) => `${table}: ${n}`));
    expect(left.join('; ')).toBe('');
    const invoice = await api.database.db
      .selectFrom('tax_documents')
      .select('document')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    // The invoice as issued names its buyer and delivery address (CGST Rules, rule 46): kept, as the law asks.
    expect(invoice.document).toMatchObject({ buyer: { name: 'A P', address: expect.stringContaining(street) } });

    // The sale stays, with its place of supply; the shopper is gone from it.
    const order = await api.database.db
      .selectFrom('orders')
      .select(['total_price', 'shipping_info', 'tax'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.total_price).toBeGreaterThan(0);
    expect(order.shipping_info).toEqual({ state: expect.any(String), country: 'India', pincode: expect.anything() });
    expect(order.tax).not.toBeNull();
    // Signed out everywhere, and no one signs in to it again.
    expect((await api.http.get('/api/user/me').set(customer.auth)).status).toBe(401);
    expect((await api.http.post('/api/user/login').send({ email: customer.email, password: customer.password })).status).toBe(401);
    // The shop can make the same e-mail a new account: it is no one's now.
    expect(
      (
        await api.http
          .post('/api/user/register')
          .send({ firstname: 'New', email: customer.email, mobile, password: 'another long password' })
      ).status,
    ).toBe(201);
  });
});

describe('an erasure racing the shopper’s own writes', () => {
  const shippingInfo = {
    firstname: 'Asha',
    lastname: 'Patel',
    address: '12 MG Road',
    city: 'Surat',
    state: 'Gujarat',
    country: 'India',
    pincode: 395003,
  };
  const fill = async (c: Awaited<ReturnType<typeof newCustomer>>, i = 0) => {
    const p = (await someProducts(api, 'limit=6&sort=price'))[i];
    const res = await api.http.post('/api/user/cart').set(c.auth).send({ productId: p?._id, color: p?.color[0]?._id, quantity: 1 });
    expect(res.status).toBe(201);
  };
  const erase = (c: Awaited<ReturnType<typeof newCustomer>>) =>
    api.http.post('/api/user/account/erase').set(c.auth).send({ password: c.password });
  const startCheckout = (c: Awaited<ReturnType<typeof newCustomer>>) =>
    api.http.post('/api/user/order/checkout').set(c.auth).send({ shippingInfo });

  it('never both erases the account and starts its checkout, whichever comes first by 0 to 90 ms', async () => {
    for (const delayMs of [0, 0, 5, 10, 20, 40, 60, 90]) {
      const c = await newCustomer(api);
      await fill(c);
      const [erased, started] = await Promise.all([erase(c), new Promise((r) => setTimeout(r, delayMs)).then(() => startCheckout(c))]);
      const account = await api.database.db.selectFrom('customers').select('erased_at').where('id', '=', c.id).executeTakeFirstOrThrow();
      const open = await api.database.db.selectFrom('checkouts').select('status').where('customer_id', '=', c.id).execute();
      const seen = `${delayMs} ms: erase ${erased.status}, start ${started.status}`;
      if (erased.status === 200) {
        expect(account.erased_at, seen).not.toBeNull();
        // Refused: signed out (401), or, when its sign-in was read just before the erasure committed, the cart the
        // erasure emptied (400). Either way no checkout.
        if (started.status === 400) expect(started.body.message, seen).toBe('Your cart is empty');
        else expect(started.status, seen).toBe(401);
        expect(open, seen).toEqual([]);
      } else {
        expect(erased.status, seen).toBe(409);
        expect(started.status, seen).toBe(201);
        expect(account.erased_at, seen).toBeNull();
      }
    }
  });

  it('refunds a payment that arrives for an account erased meanwhile, and makes no order', async () => {
    const c = await newCustomer(api);
    await fill(c, 1);
    const started = await startCheckout(c);
    expect(started.status).toBe(201);
    const providerOrderId = started.body.checkout.razorpayOrderId as string;
    // The payment failed once (the checkout no longer holds the erasure), then was paid after the account went.
    await api.services.checkouts.markFailed(providerOrderId, 'card declined');
    expect((await erase(c)).status).toBe(200);
    expect((await payInSimulator(api, providerOrderId)).status).toBe(200);
    const captured = (await api.services.payments.fetchOrderPayments(providerOrderId)).find((p) => p.status === 'captured');
    const done = await api.services.checkouts.complete(providerOrderId, captured as NonNullable<typeof captured>, 'webhook');
    expect(done && 'refused' in done ? done.refused.kind : done).toBe('erased');
    expect(await api.database.db.selectFrom('orders').select('id').where('customer_id', '=', c.id).execute()).toEqual([]);
    const checkout = await api.database.db
      .selectFrom('checkouts')
      .select(['status', 'failure_reason'])
      .where('razorpay_order_id', '=', providerOrderId)
      .executeTakeFirstOrThrow();
    expect(checkout.failure_reason).toBe('This account was deleted before its payment arrived. The payment will be refunded.');
    await expect
      .poll(async () =>
        (
          await api.database.db
            .selectFrom('unsettled_payments')
            .select('reason')
            .where('razorpay_payment_id', '=', captured?.id as string)
            .execute()
        ).map((u) => u.reason),
      )
      .toEqual(['the account was deleted before the payment arrived']);
    // Refunded at the provider, and no notice to an address that is no one's.
    await expect
      .poll(async () =>
        Boolean(
          (
            await api.database.db
              .selectFrom('unsettled_payments')
              .select('refunded_at')
              .where('razorpay_payment_id', '=', captured?.id as string)
              .executeTakeFirst()
          )?.refunded_at,
        ),
      )
      .toBe(true);
    expect((await api.outbox()).filter((m) => m.to.includes(c.id))).toEqual([]);
  });

  it('takes no new row for an erased account in any table a shopper writes, and keeps its own row erased', async () => {
    const c = await newCustomer(api);
    await fill(c, 2);
    expect((await erase(c)).status).toBe(200);
    const db = api.database.db;
    const listed = (await someProducts(api, 'limit=1'))[0];
    const product = listed?._id as string;
    const colour = listed?.color[0]?._id as string;
    const refused = async (what: string, write: Promise<unknown>) => {
      const err = await write.then(
        () => null,
        (e: { code?: string }) => e,
      );
      expect(err?.code, what).toBe('DG001');
    };
    await refused(
      'a cart line',
      db.insertInto('cart_lines').values({ customer_id: c.id, product_id: product, color_id: colour, quantity: 1, price: 1 }).execute(),
    );
    await refused('a wishlist entry', db.insertInto('wishlist').values({ customer_id: c.id, product_id: product }).execute());
    await refused(
      'a review',
      db.insertInto('ratings').values({ customer_id: c.id, product_id: product, star: 5, comment: 'mine' }).execute(),
    );
    await refused(
      'a message',
      db
        .insertInto('enquiries')
        .values({ customer_id: c.id, name: 'Asha', email: 'asha@example.com', mobile: '9876543210', comment: 'hi' })
        .execute(),
    );
    await refused('the name put back', db.updateTable('customers').set({ firstname: 'Asha' }).where('id', '=', c.id).execute());
    await refused('a password set', db.updateTable('customers').set({ password_hash: 'x' }).where('id', '=', c.id).execute());
    // Through the api with a token signed before the erasure: refused as signed out.
    for (const [method, path, body] of [
      ['post', '/api/user/cart', { productId: product, quantity: 1 }],
      ['put', '/api/user/edit-user', { firstname: 'Asha' }],
      ['put', '/api/product/wishlist', { prodId: product }],
    ] as const) {
      const res = await api.http[method](path).set(c.auth).send(body);
      expect(res.status, path).toBe(401);
    }
  });

  it('removes the mail the shop keeps that names them, and no one else’s', async () => {
    const c = await newCustomer(api);
    const other = await newCustomer(api);
    for (const who of [c, other])
      expect((await api.http.post('/api/user/forgot-password-token').send({ email: who.email })).status).toBe(200);
    const naming = async (email: string) =>
      (await api.outbox()).filter((m) => JSON.stringify(m).toLowerCase().includes(email.toLowerCase()));
    expect(await naming(c.email)).not.toEqual([]);
    expect((await erase(c)).status).toBe(200);
    expect(await naming(c.email)).toEqual([]);
    expect(await naming(other.email)).not.toEqual([]);
  });

  // Not guarded: the table the shop records refunds in (an erased account's late payment is refunded), and staff's
  // notes (the sale stays eight years, and staff may still write on its order; what they wrote before is erased).
  it('guards every table that names a customer, but the shop’s own refunds and notes', async () => {
    const { rows } = await sql<{ table_name: string; guarded: boolean }>`
      select c.table_name, exists (
        select 1 from information_schema.triggers t
        where t.event_object_table = c.table_name and t.event_manipulation = 'INSERT' and t.action_statement like '%refuse_erased_customer%'
      ) as guarded
      from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
      where c.table_schema = 'public' and c.column_name = 'customer_id' and tb.table_type = 'BASE TABLE'
      order by 1`.execute(api.database.db);
    expect(rows.filter((r) => !r.guarded).map((r) => r.table_name)).toEqual(['notes', 'unsettled_payments']);
  });
});
