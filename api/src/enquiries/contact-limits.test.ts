import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, staffSession, startTestApi, type TestApi } from '../test/harness.js';
import { ENQUIRY_LIMITS, senderKey } from './contact-form.js';

// The contact form's limits (red-team finding 5: 100 enquiries of 4 KB from one address in 0.5 s, aliases
// included): per client address, per e-mail however it is spelled, and for the whole shop, each counted
// when an enquiry is stored. The api trusts loopback as its gateway: X-Forwarded-For names the client.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

let serial = 0;
const uniqueEmail = () => `asker.${Date.now().toString(36)}.${(serial++).toString(36)}@example.com`;
const comment = 'Do you ship to Pune? '.repeat(190); // about 4 KB, as in the report

const send = (from: string | null, email = uniqueEmail()) => {
  const req = api.http.post('/api/enquiry');
  if (from) req.set('X-Forwarded-For', from);
  return req.send({ name: 'Kiran', email, mobile: '9876543210', comment });
};
const stored = async (email: string) =>
  (await api.database.db.selectFrom('enquiries').select('id').where('email', '=', email).execute()).length;
const TRY_AGAIN = /Please try again in \d+ minutes?\.$/;

describe('the contact form, from one address', () => {
  it('takes five messages an hour from one address, whatever e-mail each names, then refuses with when to try again', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await send('203.0.113.7'));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(answers[5]?.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(answers[5]?.body.message).toMatch(
      /^You have sent us several messages in the last hour\. Please try again in (59|60) minutes\.$/,
    );
    // Another address is not held back by it.
    expect((await send('203.0.113.8')).status).toBe(201);
  });

  it('takes as many as ENQUIRY_LIMIT_PER_CLIENT says, where many people share one address', async () => {
    const shared = await startTestApi({ seed: false, env: { ENQUIRY_LIMIT_PER_CLIENT: '8' } });
    try {
      const statuses = [];
      for (let i = 0; i < 9; i++) {
        statuses.push(
          (
            await shared.http
              .post('/api/enquiry')
              .set('X-Forwarded-For', '203.0.113.9')
              .send({ name: 'Kiran', email: uniqueEmail(), mobile: '9876543210', comment })
          ).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429]);
    } finally {
      await shared.close();
    }
  });

  it('counts concurrent messages one by one: of 20 at once from one address, five are stored', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('198.51.100.20')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(ENQUIRY_LIMITS.perAddress.limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20 - ENQUIRY_LIMITS.perAddress.limit);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const spellings = ['2001:db8:7:8::1', '2001:db8:7:8:ffff::2', '2001:0DB8:0007:0008:1:2:3:4', '2001:db8:7:8::a', '2001:db8:7:8::b'];
    for (const from of spellings) expect((await send(from)).status).toBe(201);
    expect((await send('2001:db8:7:8:dead:beef:0:1')).status).toBe(429);
    expect((await send('2001:db8:7:9::1')).status).toBe(201); // the next /64 is someone else

    for (let i = 0; i < 5; i++) expect((await send(i % 2 ? '::ffff:192.0.2.44' : '192.0.2.44')).status).toBe(201);
    expect((await send('::ffff:192.0.2.44')).status).toBe(429);
    expect((await send('192.0.2.44')).status).toBe(429);
  });

  it('does not count a message that was not stored: an invalid one, or one refused for its e-mail', async () => {
    for (let i = 0; i < 6; i++) {
      const bad = await api.http.post('/api/enquiry').set('X-Forwarded-For', '203.0.113.60').send({ name: 'Kiran', email: 'kiran' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('Email Should be valid');
    }
    const email = uniqueEmail();
    for (const from of ['203.0.113.61', '203.0.113.62', '203.0.113.63']) expect((await send(from, email)).status).toBe(201);
    expect((await send('203.0.113.60', email)).status).toBe(429); // the e-mail's limit, not the address's
    for (let i = 0; i < 5; i++) expect((await send('203.0.113.60')).status).toBe(201);
    expect((await send('203.0.113.60')).status).toBe(429);
  });
});

describe('the contact form, from one e-mail', () => {
  it('takes three messages an hour from one mailbox however its address is spelled', async () => {
    const gmail = ['Priya.Shah+one@gmail.com', 'priyashah@googlemail.com', 'p.r.i.y.a.s.h.a.h+x@GMAIL.com', 'PRIYASHAH+zzz@gmail.com'];
    const answers = [];
    for (const [i, email] of gmail.entries()) answers.push(await send(`192.0.2.${100 + i}`, email));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429]);
    expect(answers[3]?.body.message).toMatch(/^We have several messages from this e-mail address in the last hour\. /);
    expect(answers[3]?.body.message).toMatch(TRY_AGAIN);
    expect(await stored('PRIYASHAH+zzz@gmail.com')).toBe(0);

    const other = ['ravi+a@example.com', 'RAVI@Example.com', ' ravi+b@example.COM ', 'Ravi+@example.com'];
    const more = [];
    for (const [i, email] of other.entries()) more.push((await send(`192.0.2.${110 + i}`, email)).status);
    expect(more).toEqual([201, 201, 201, 429]);
    // Outside Gmail a dot is another mailbox.
    expect((await send('192.0.2.120', 'r.avi@example.com')).status).toBe(201);
  });

  it('holds the e-mail limit for concurrent messages from many addresses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(`198.51.100.${100 + i}`, `Meera.Iyer+${i}@${i % 2 ? 'gmail' : 'googlemail'}.com`)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(ENQUIRY_LIMITS.perEmail.limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(12 - ENQUIRY_LIMITS.perEmail.limit);
  });

  it('keys an address as one mailbox', () => {
    expect(senderKey(' A.B+tag@GoogleMail.com ')).toBe('ab@gmail.com');
    expect(senderKey('a.b+tag+more@example.com')).toBe('a.b@example.com');
    expect(senderKey('+tag@example.com')).toBe('@example.com');
  });
});

describe('the contact form, for the whole shop', () => {
  it('counts many addresses of one network together (an IPv4 /24, an IPv6 /48), so one owner cannot fill the shop’s ceiling', async () => {
    const v4: number[] = [];
    for (let i = 1; i <= ENQUIRY_LIMITS.perNetwork.limit + 2; i++) v4.push((await send(`100.66.77.${i}`)).status);
    expect(v4.filter((s) => s === 201)).toHaveLength(ENQUIRY_LIMITS.perNetwork.limit);
    const refused = await send('100.66.77.250');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^We have many messages from your network in the last hour\. /);
    const v6: number[] = [];
    for (let i = 1; i <= ENQUIRY_LIMITS.perNetwork.limit + 2; i++) v6.push((await send(`2001:db8:cafe:${i.toString(16)}::1`)).status);
    expect(v6.filter((s) => s === 201)).toHaveLength(ENQUIRY_LIMITS.perNetwork.limit);
    // Another network is not held back.
    expect((await send('198.18.7.7')).status).toBe(201);
  });

  it('counts a gateway that names no client by the e-mail and the shop only (its own address is every shopper’s)', async () => {
    for (let i = 0; i < 8; i++) expect((await send(null)).status).toBe(201);
  });

  it('keeps what comes past the shop’s ceiling for review (held), refusing none, and tells the staff once', async () => {
    const already = (await api.database.db.selectFrom('enquiries').select('id').execute()).length;
    const room = ENQUIRY_LIMITS.shopWide.limit - already;
    expect(room).toBeGreaterThan(50);
    const answers = await Promise.all(
      Array.from({ length: room + 15 }, (_, i) => send(`10.${(i >> 8) & 255}.${i & 255}.9`, `bot${i}@botnet${i % 7}.example`)),
    );
    // Every sender is answered as usual; the inbox takes the ceiling, and the rest are kept apart for review.
    expect(answers.filter((r) => r.status !== 201).map((r) => r.status)).toEqual([]);
    const inbox = await api.database.db.selectFrom('enquiries').select('id').where('held_at', 'is', null).execute();
    expect(inbox).toHaveLength(ENQUIRY_LIMITS.shopWide.limit);
    const held = await api.database.db.selectFrom('enquiries').select('id').where('held_at', 'is not', null).execute();
    expect(held).toHaveLength(15);
    // The staff are told, once: an e-mail to the shop's support address, not the flood itself.
    const shop = await api.services.settings.identity();
    await expect
      .poll(
        async () => (await api.outbox()).filter((m) => m.to === shop.email && /messages are being held for review$/.test(m.subject)).length,
      )
      .toBe(1);
    // The inbox lists them apart; a staff member's note is its review, and it joins the inbox.
    const desk = await staffSession(api, 'support');
    const list = async (status: string) =>
      (await api.http.get(`/api/admin/enquiries?status=${status}&pageSize=100`).set(desk.auth)).body as {
        enquiries: { _id: string }[];
        total: number;
      };
    expect((await list('held')).total).toBe(15);
    const open = await list('open');
    expect(open.enquiries.map((e) => e._id)).not.toContain(held[0]?.id);
    expect((await api.http.post(`/api/admin/enquiries/${held[0]?.id}/notes`).set(desk.auth).send({ note: 'A real question' })).status).toBe(
      201,
    );
    expect((await list('held')).total).toBe(14);
    expect((await list('open')).enquiries.map((e) => e._id)).toContain(held[0]?.id);
  });

  it('refuses only past the held messages’ own bound, in the ceiling’s words', async () => {
    await api.database.db
      .updateTable('attempt_windows')
      .set({ hits: ENQUIRY_LIMITS.heldShopWide.limit })
      .where('key', '=', 'enquiry-held')
      .execute();
    const refused = await send('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^We are receiving too many messages right now\. /);
    expect(refused.body.message).toMatch(TRY_AGAIN);
    await api.database.db.updateTable('attempt_windows').set({ hits: 15 }).where('key', '=', 'enquiry-held').execute();
  });

  it('keeps the grievance channel open at that ceiling: complaints and signed-in shoppers have budgets of their own', async () => {
    // The anonymous ceiling is full (the test above): a question from a fresh network is kept for review.
    expect((await send('192.0.2.77')).status).toBe(201);
    // A complaint from a fresh network is taken, with its ticket.
    const complaint = await api.http
      .post('/api/enquiry')
      .set('X-Forwarded-For', '192.0.2.78')
      .send({ name: 'Kiran', email: uniqueEmail(), mobile: '9876543210', comment: 'My order came broken', complaint: true });
    expect(complaint.status).toBe(201);
    expect(complaint.body.ticket).toMatch(/^GRV-\d{6}$/);
    // A signed-in shopper writing from the account's e-mail, from an address the flood used, is taken too, a
    // question and a complaint, up to the account's own five an hour.
    const shopper = await newCustomer(api);
    const mine = (complaint = false) =>
      api.http
        .post('/api/enquiry')
        .set(shopper.auth)
        .set('X-Forwarded-For', '10.0.0.9')
        .send({ name: 'Asha', email: shopper.email, mobile: '9876543210', comment: 'Where is my order?', complaint });
    expect((await mine()).status).toBe(201);
    expect((await mine(true)).status).toBe(201);
    // Its mailbox's three an hour still hold.
    expect((await mine()).status).toBe(201);
    const fourth = await mine();
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^We have several messages from this e-mail address in the last hour\. /);
  });

  it('holds the complaints’ own ceiling against a flood of complaints', async () => {
    const answers = await Promise.all(
      Array.from({ length: ENQUIRY_LIMITS.complaintsShopWide.limit + 5 }, (_, i) =>
        api.http
          .post('/api/enquiry')
          .set('X-Forwarded-For', `172.${16 + (i >> 8)}.${i & 255}.9`)
          .send({ name: 'Bot', email: `c${i}@flood${i % 9}.example`, mobile: '9876543210', comment: 'complaint', complaint: true }),
      ),
    );
    // Every complaint is taken, with its ticket: one went in above, so the rest of the ceiling goes to the inbox, and
    // the six past it are kept for review.
    expect(answers.filter((r) => r.status !== 201).map((r) => r.status)).toEqual([]);
    expect(answers.every((r) => /^GRV-\d{6}$/.test(r.body.ticket as string))).toBe(true);
    const held = await api.database.db
      .selectFrom('enquiries')
      .select('id')
      .where('held_at', 'is not', null)
      .where('comment', '=', 'complaint')
      .execute();
    expect(held).toHaveLength(6);
  });
});
