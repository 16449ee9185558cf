import type { ComplaintListRecord, EnquiryDeskRecord } from '@digitic/rest-contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../audit/actor.js';
import { moveOrder } from '../orders/order-state.js';
import { placeOrder, someProducts, staffSession, startTestApi, type TestApi } from '../test/harness.js';

// Complaints (E-Commerce Rules, 2020, rule 4(4)-(5)): a contact message or a return the shopper marks as one gets a
// ticket at once, shown and e-mailed; a reply (or the return's decision) acknowledges it, Resolved (the refund or the
// rejection) resolves it; the back office lists each with its 48-hour and one-month deadlines and what is overdue.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const STAFF: Actor = { kind: 'staff', id: null, label: 'desk@example.com' };
const db = () => api.database.db;
const complain = (email: string, complaint?: boolean) =>
  api.http.post('/api/enquiry').send({
    name: 'Ravi Kumar',
    email,
    mobile: '9876543210',
    comment: 'My order arrived damaged.',
    ...(complaint === undefined ? {} : { complaint }),
  });

describe('a complaint', () => {
  it('made with the contact form gets a ticket at once, told and e-mailed; a message not marked one gets none', async () => {
    const email = `complaint.${Date.now().toString(36)}@example.com`;
    const made = await complain(email, true);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.ticket).toMatch(/^GRV-\d{6}$/);
    const mail = (await api.outbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe(`Your complaint ${made.body.ticket as string} to Digitic`);
    expect(mail?.text).toContain('within 48 hours');
    expect(mail?.text).toContain('within a month');
    const plain = await complain(`plain.${Date.now().toString(36)}@example.com`);
    expect(plain.body.ticket).toBeNull();
    const second = await complain(`second.${Date.now().toString(36)}@example.com`, true);
    expect(second.body.ticket).not.toBe(made.body.ticket);
    expect((await complain('x@example.com', 'yes' as unknown as boolean)).body.message).toBe('complaint is true or false');
  });

  it('is acknowledged by the first reply and resolved with the enquiry; the back office lists its deadlines', async () => {
    const support = await staffSession(api, 'support');
    const made = await complain(`acked.${Date.now().toString(36)}@example.com`, true);
    const id = made.body._id as string;
    const desk = async () => (await api.http.get(`/api/admin/enquiries/${id}`).set(support.auth)).body as EnquiryDeskRecord;
    const before = (await desk()).complaint;
    expect(before).toMatchObject({ ticket: made.body.ticket, source: 'enquiry', acknowledgedAt: null, resolvedAt: null, overdue: false });
    const received = Date.parse(before?.receivedAt as string);
    expect(Date.parse(before?.acknowledgeBy as string) - received).toBe(48 * 3600_000);
    expect(Date.parse(before?.resolveBy as string) - received).toBe(30 * 86_400_000);

    expect(
      (await api.http.post(`/api/admin/enquiries/${id}/replies`).set(support.auth).send({ message: 'Sorry: we are on it.' })).status,
    ).toBe(201);
    const acked = await desk();
    expect(acked.complaint?.acknowledgedAt).toEqual(expect.any(String));
    const resolved = await api.http
      .put(`/api/admin/enquiries/${id}`)
      .set(support.auth)
      .send({ status: 'Resolved', version: acked.version });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect((await desk()).complaint?.resolvedAt).toEqual(expect.any(String));
    // Opened again: it is open again.
    const again = await api.http
      .put(`/api/admin/enquiries/${id}`)
      .set(support.auth)
      .send({ status: 'In Progress', version: (await desk()).version });
    expect(again.status).toBe(200);
    expect((await desk()).complaint).toMatchObject({ resolvedAt: null, acknowledgedAt: acked.complaint?.acknowledgedAt });
  });

  it('past its deadlines is overdue, and the list says how many are', async () => {
    const support = await staffSession(api, 'support');
    const late = await complain(`late.${Date.now().toString(36)}@example.com`, true);
    // Received three days ago and never answered: its 48 hours are up.
    await sql`update complaints set received_at = now() - interval '3 days' where ticket = ${late.body.ticket as string}`.execute(db());
    const list = (await api.http.get('/api/admin/complaints?overdue=true').set(support.auth)).body as ComplaintListRecord;
    expect(list.complaints.map((c) => c.ticket)).toContain(late.body.ticket);
    expect(list.complaints.every((c) => c.overdue)).toBe(true);
    expect(list.overdue).toBe(list.complaints.length);
    const all = (await api.http.get('/api/admin/complaints').set(support.auth)).body as ComplaintListRecord;
    expect(all.complaints.length).toBeGreaterThan(list.complaints.length);
    // Open ones first, the longest waiting first.
    expect(all.complaints[0]?.ticket).toBe(late.body.ticket);
    const fulfilment = await staffSession(api, 'fulfilment');
    expect((await api.http.get('/api/admin/complaints').set(fulfilment.auth)).status).toBe(403);
    expect((await api.http.get('/api/admin/complaints?overdue=maybe').set(support.auth)).body.message).toBe('overdue is true or false');
  });

  it('made with a return gets a ticket shown in My Orders; the decision acknowledges it and the rejection resolves it', async () => {
    const [product] = await someProducts(api, 'limit=1&sort=price');
    const { orderId, customer } = await placeOrder(api, product!);
    for (const to of ['Processed', 'Shipped', 'Out For Delivery', 'Delivered'] as const) {
      await moveOrder(db(), orderId, {
        to,
        actor: STAFF,
        shipment: { carrier: 'Delhivery', trackingNumber: 'DL1', trackingUrl: 'https://track.example/DL1' },
      });
    }
    const item = await db().selectFrom('order_items').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const asked = await api.http
      .post(`/api/user/orders/${orderId}/returns`)
      .set(customer.auth)
      .send({ lines: [{ itemId: item.id, quantity: 1 }], reason: 'Damaged or defective', complaint: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const ret = asked.body.order.returns[0];
    expect(ret.complaintTicket).toMatch(/^GRV-\d{6}$/);
    expect((await api.outbox()).find((m) => m.to === customer.email && m.subject.startsWith('Your complaint'))?.subject).toContain(
      ret.complaintTicket,
    );
    const complaint = async () => api.services.complaints.of({ returnId: ret._id });
    expect(await complaint()).toMatchObject({ source: 'return', orderId, email: customer.email, acknowledgedAt: null });
    await api.services.returns.move(ret._id, { to: 'Rejected', version: 0, note: 'Outside the warranty' }, STAFF);
    expect(await complaint()).toMatchObject({ acknowledgedAt: expect.any(String), resolvedAt: expect.any(String), overdue: false });
  });
});
