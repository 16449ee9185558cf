import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, someProducts, startTestApi, type TestApi } from '../test/harness.js';
import { PERSONAL_DATA } from './personal-data.js';

// "Download my data" (DPDP Act, 2023, s. 11): everything held about the shopper, by kind, secrets left out; and every
// table that names a customer is declared, exported or kept out with its reason, read from the database's catalogue.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("a shopper's data", () => {
  it('every table naming a customer (a key to customers, a customer_id or an email column) is declared', async () => {
    const { rows } = await sql<{ table: string }>`
      select distinct c.table_name as table from information_schema.columns c
      where c.table_schema = 'public' and c.column_name in ('customer_id', 'email', 'old_email', 'new_email')
      union
      select distinct k.conrelid::regclass::text from pg_constraint k where k.contype = 'f' and k.confrelid = 'customers'::regclass
    `.execute(api.database.db);
    const naming = rows.map((r) => r.table).sort();
    expect(naming.length).toBeGreaterThan(10);
    const undeclared = naming.filter((t) => !(t in PERSONAL_DATA));
    expect(undeclared, 'tables naming a customer that the export does not declare').toEqual([]);
    // Customers is itself one.
    expect(naming).toContain('customers');
  });

  it('downloads as a JSON file of every section, the shopper’s own rows only, with no secret', async () => {
    const [product] = await someProducts(api, 'limit=1&sort=price');
    const { orderId, customer } = await placeOrder(api, product!);
    const other = await placeOrder(api, product!);
    // Sent signed in from the account's e-mail: theirs. Sent by anyone else from that e-mail: not (it proves nothing).
    const mine = await api.http
      .post('/api/enquiry')
      .set(customer.auth)
      .send({ name: 'Asha', email: customer.email, mobile: '9876543210', comment: 'Where is my order?', complaint: true });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    await api.http.post('/api/enquiry').send({ name: 'Someone', email: customer.email, mobile: '9876543211', comment: 'Not theirs' });
    await api.http.post(`/api/user/wishlist`).set(customer.auth).send({ prodId: product!._id });
    const res = await api.http.get('/api/user/data-export').set(customer.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body as Record<string, unknown[]> & { exportedAt: string };
    for (const d of Object.values(PERSONAL_DATA)) if ('section' in d) expect(data, d.section).toHaveProperty(d.section);
    expect(data.profile).toEqual([expect.objectContaining({ id: customer.id, email: customer.email })]);
    expect(data.orders).toEqual([expect.objectContaining({ id: orderId })]);
    expect(JSON.stringify(data)).not.toContain(other.orderId);
    expect(data.orderItems?.length).toBeGreaterThan(0);
    expect(data.taxDocuments).toEqual([expect.objectContaining({ kind: 'invoice' })]);
    expect(data.enquiries).toEqual([expect.objectContaining({ comment: 'Where is my order?' })]);
    expect(data.complaints).toEqual([expect.objectContaining({ ticket: expect.stringMatching(/^GRV-/) })]);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/password_hash|token_hash|\$argon2|\$2[aby]\$/);
    expect(text).not.toContain('Not theirs');
    // The download is in the trail, and in the next download's activity.
    const again = (await api.http.get('/api/user/data-export').set(customer.auth)).body as Record<string, { action: string }[]>;
    expect(again.activity?.map((a) => a.action)).toContain('customer.data_exported');
    // The sign-in history: the sign-in placeOrder made, with its address.
    expect(again.activity).toContainEqual(expect.objectContaining({ action: 'customer.signed_in', address: expect.any(String) }));
    expect((await api.http.get('/api/user/data-export')).status).toBe(401);
  });
});
