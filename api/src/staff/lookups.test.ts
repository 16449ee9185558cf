import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalQuery } from '../audit/lookup.js';
import { newCustomer, placeOrder, someProducts, staffSession, startTestApi, type TestApi } from '../test/harness.js';

// Every look-up of personal data by a personal-data query is in the audit trail by one rule (audit/lookup.ts),
// on the order desk as on the customers desk; a search that names no person leaves no row.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A ten-digit mobile number no other test's customer has. */
const uniqueMobile = () => `9${String(Date.now() % 1_000_000_000).padStart(9, '0')}`.slice(0, 10);
/** 98765 43210, as people write it. */
const spaced = (m: string) => `${m.slice(0, 5)} ${m.slice(5)}`;

/** A look-up's key, as the trail keeps it in place of the query. */
const key = (q: string) => api.services.lookups.keyOf(q);

const lookupsSince = async (id: string, action: string) =>
  api.database.db
    .selectFrom('audit_log')
    .select(['actor_kind', 'actor_id', 'after'])
    .where('action', '=', action)
    .where('id', '>', id)
    .orderBy('id')
    .execute();
const lastId = async () =>
  String(
    (
      await api.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id ?? 0,
  );

describe('searches of personal data, audited by one rule', () => {
  it('reads a query as an e-mail or a phone number, and anything else as naming no one', () => {
    expect(personalQuery('Asha@Example.com')).toEqual({ by: 'email', value: 'asha@example.com' });
    expect(personalQuery('+91 98765 43210')).toEqual({ by: 'phone', value: '9876543210' });
    expect(personalQuery('98765-43210')).toEqual({ by: 'phone', value: '9876543210' });
    expect(personalQuery('098765 43210')).toEqual({ by: 'phone', value: '9876543210' });
    expect(personalQuery('0091 98765 43210')).toEqual({ by: 'phone', value: '9876543210' });
    expect(personalQuery('order_NQ2mQ5yVb6pQ2E')).toBeNull();
  });

  it('puts every order search by e-mail or phone in the trail, whoever has orders:read, and none by order number', async () => {
    const [product] = await someProducts(api);
    if (!product) throw new Error('the seed has no product');
    const mobile = uniqueMobile();
    const customer = await newCustomer(api, { mobile });
    const { orderId } = await placeOrder(api, product, { customer });
    const order = await api.database.db
      .selectFrom('orders')
      .select('razorpay_order_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const owner = await staffSession(api, 'owner');
    for (const role of ['fulfilment', 'support'] as const) {
      const desk = await staffSession(api, role);
      const since = await lastId();
      const spellings = [
        customer.email.toUpperCase(),
        ` ${customer.email} `,
        `+91 ${spaced(mobile)}`,
        `${mobile.slice(0, 5)}-${mobile.slice(5)}`,
      ];
      for (const q of spellings) {
        const res = await api.http.get(`/api/admin/orders?q=${encodeURIComponent(q)}`).set(desk.auth);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(
          res.body.items.map((o: { id: string }) => o.id),
          q,
        ).toEqual([orderId]);
      }
      const rows = await lookupsSince(since, 'order.searched');
      expect(rows.map((r) => r.after)).toEqual(
        spellings.map((q, i) => ({ queryKey: key(q), by: i < 2 ? 'email' : 'phone', found: 1, ids: [orderId] })),
      );
      // Each spelling of one e-mail, and of one phone, is one key: the trail holds no query, and finds them all.
      expect(new Set(rows.map((r) => (r.after as { queryKey: string }).queryKey)).size).toBe(2);
      expect(JSON.stringify(rows)).not.toContain(mobile);
      expect(JSON.stringify(rows).toLowerCase()).not.toContain(customer.email.toLowerCase());
      // "Who looked this phone up?": the owner keys it again (another spelling) and finds the desk's two look-ups.
      const who = await api.http
        .get(`/api/admin/audit?searchedFor=${encodeURIComponent(` 0${spaced(mobile)}`)}&actorId=${desk.id}`)
        .set(owner.auth);
      expect(who.status, JSON.stringify(who.body)).toBe(200);
      expect(who.body.rows.map((r: { action: string; actor: { id: string } }) => [r.action, r.actor.id])).toEqual([
        ['order.searched', desk.id],
        ['order.searched', desk.id],
      ]);
      expect(rows.every((r) => r.actor_kind === 'staff' && r.actor_id === desk.id)).toBe(true);
      // By the order's number or its payment's: no one's personal data is the query, so no row.
      const quiet = await lastId();
      // The number shown on the order page and in the e-mails (the id's first eight), as people type it.
      const number = orderId.slice(0, 8).toUpperCase();
      for (const q of [orderId, orderId.toUpperCase(), order.razorpay_order_id, number, `#${number}`, number.toLowerCase()]) {
        const res = await api.http.get(`/api/admin/orders?q=${encodeURIComponent(q)}`).set(desk.auth);
        expect(
          res.body.items.map((o: { id: string }) => o.id),
          q,
        ).toEqual([orderId]);
      }
      expect(await api.http.get('/api/admin/orders?status=Ordered').set(desk.auth)).toHaveProperty('status', 200);
      expect(await lookupsSince(quiet, 'order.searched')).toEqual([]);
    }
  });

  it('records a search that finds no one too, and the customers desk by the same rule', async () => {
    const desk = await staffSession(api, 'support');
    const since = await lastId();
    const none = await api.http.get(`/api/admin/orders?q=${encodeURIComponent('nobody.at.all@example.com')}`).set(desk.auth);
    expect(none.body.items).toEqual([]);
    const mobile = uniqueMobile();
    const customer = await newCustomer(api, { mobile });
    for (const q of [`+91 ${spaced(mobile)}`, customer.email.slice(0, 12)]) {
      const res = await api.http.get(`/api/admin/customers?q=${encodeURIComponent(q)}`).set(desk.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.customers.map((c: { id: string }) => c.id)).toContain(customer.id);
    }
    expect((await lookupsSince(since, 'order.searched')).map((r) => r.after)).toEqual([
      { queryKey: key('nobody.at.all@example.com'), by: 'email', found: 0, ids: [] },
    ]);
    const customers = (await lookupsSince(since, 'customer.searched')).map(
      (r) => r.after as { queryKey: string; by: string; ids: string[] },
    );
    expect(customers.map((r) => [r.queryKey, r.by])).toEqual([
      [key(mobile), 'phone'],
      [key(customer.email.slice(0, 12)), 'email prefix'],
    ]);
    expect(customers.every((r) => r.ids.includes(customer.id))).toBe(true);
  });

  it('puts every search of the enquiries inbox and of the reviews in the trail (names and e-mails are among what they match)', async () => {
    const desk = await staffSession(api, 'support');
    const email = `asker.${Date.now().toString(36)}@example.com`;
    const sent = await api.http
      .post('/api/enquiry')
      .set({ 'X-Forwarded-For': '192.0.2.150' })
      .send({ name: 'Asha', email, mobile: '9876543210', comment: 'Does it ship to Pune?' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const since = await lastId();
    for (const q of [email, email.toUpperCase()]) {
      const res = await api.http.get(`/api/admin/enquiries?status=all&q=${encodeURIComponent(q)}`).set(desk.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.enquiries.map((e: { email: string }) => e.email)).toEqual([email]);
    }
    const reviews = await api.http.get(`/api/admin/reviews?q=${encodeURIComponent('+91 98765 43210')}`).set(desk.auth);
    expect(reviews.status, JSON.stringify(reviews.body)).toBe(200);
    expect((await lookupsSince(since, 'enquiry.searched')).map((r) => (r.after as { queryKey: string }).queryKey)).toEqual([
      key(email),
      key(email),
    ]);
    expect((await lookupsSince(since, 'review.searched')).map((r) => r.after)).toEqual([
      { queryKey: key('9876543210'), by: 'phone', found: 0, ids: [] },
    ]);
    // A name, or part of an e-mail: words, and a person found by them all the same.
    const words = await lastId();
    const byName = await api.http
      .get(`/api/admin/enquiries?status=all&q=${encodeURIComponent(email.split('@')[0] as string)}`)
      .set(desk.auth);
    expect(byName.body.enquiries).toHaveLength(1);
    await api.http.get('/api/admin/reviews?q=Patel').set(desk.auth);
    expect((await lookupsSince(words, 'enquiry.searched')).map((r) => r.after)).toEqual([
      {
        queryKey: key(` ${(email.split('@')[0] as string).toUpperCase()}`),
        by: 'text',
        found: 1,
        ids: [expect.stringMatching(/^[0-9a-f-]{36}$/)],
      },
    ]);
    expect((await lookupsSince(words, 'review.searched')).map((r) => (r.after as { by: string }).by)).toEqual(['text']);
    // A list without a search names no one.
    const quiet = await lastId();
    await api.http.get('/api/admin/enquiries?status=all').set(desk.auth);
    await api.http.get('/api/admin/reviews').set(desk.auth);
    expect([...(await lookupsSince(quiet, 'enquiry.searched')), ...(await lookupsSince(quiet, 'review.searched'))]).toEqual([]);
  });
});
