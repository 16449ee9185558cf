import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListedProduct,
  newCustomer,
  someProducts,
  staffSession,
  startTestApi,
  type TestApi,
  type TestCustomer,
} from '../test/harness.js';

let api: TestApi;
let products: ListedProduct[];
let support: Awaited<ReturnType<typeof staffSession>>;
beforeAll(async () => {
  api = await startTestApi();
  products = await someProducts(api, 'limit=8&sort=-price');
  support = await staffSession(api, 'support');
});
afterAll(async () => {
  await api.close();
});

const rate = (c: TestCustomer, productId: string, star: number, comment: string) =>
  api.http.put('/api/product/rating').set(c.auth).send({ prodId: productId, star, comment });

describe('review moderation', () => {
  it('hides a review with a reason: gone from the product, its count and its rating; restored, back again', async () => {
    const product = products[3] as ListedProduct;
    const fan = await newCustomer(api);
    const troll = await newCustomer(api, { firstname: 'Troll' });
    await rate(fan, product._id, 5, 'Lovely sound');
    const both = await rate(troll, product._id, 1, 'Buy elsewhere: cheap-knockoffs.example');
    expect(both.body).toMatchObject({ totalrating: 3, ratingCount: 2 });

    const list = await api.http.get('/api/admin/reviews').query({ q: 'cheap-knockoffs', status: 'visible' }).set(support.auth);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const review = list.body.reviews[0];
    expect(review).toMatchObject({
      star: 1,
      product: { _id: product._id, title: product.title },
      customer: { _id: troll.id, email: troll.email },
      hidden: null,
      version: 0,
    });

    const noReason = await api.http.post(`/api/admin/reviews/${review._id}/hide`).set(support.auth).send({ reason: ' ', version: 0 });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'reason', message: 'reason: Say why the review is hidden' });
    const hidden = await api.http
      .post(`/api/admin/reviews/${review._id}/hide`)
      .set(support.auth)
      .send({ reason: 'Advertising another shop', version: 0 });
    expect(hidden.status).toBe(200);
    expect(hidden.body.hidden).toMatchObject({ reason: 'Advertising another shop' });
    const page = await api.http.get(`/api/product/${product._id}`);
    expect(page.body).toMatchObject({ totalrating: 5, ratingCount: 1 });
    expect(page.body.ratings.map((r: { comment: string }) => r.comment)).toEqual(['Lovely sound']);
    // The change is announced: every gateway drops its cached page of the product.
    const changes = await api.http.get('/api/catalogue/changes').query({ after: 0 });
    expect(changes.body.changes.at(-1).tags).toContain(`product:${product._id}`);

    // A second moderator working from the old version is told to reload; hiding twice is refused.
    const stale = await api.http.post(`/api/admin/reviews/${review._id}/hide`).set(support.auth).send({ reason: 'Spam', version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    // Its author editing it does not bring it back.
    await rate(troll, product._id, 2, 'Still: cheap-knockoffs.example');
    expect((await api.http.get(`/api/product/${product._id}`).then((r) => r.body.ratingCount)) as number).toBe(1);

    const current = await api.http.get(`/api/admin/reviews/${review._id}`).set(support.auth);
    const restored = await api.http
      .post(`/api/admin/reviews/${review._id}/restore`)
      .set(support.auth)
      .send({ version: current.body.version });
    expect(restored.status).toBe(200);
    expect(restored.body.hidden).toBeNull();
    expect((await api.http.get(`/api/product/${product._id}`)).body).toMatchObject({ totalrating: 4, ratingCount: 2 });

    const trail = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', review._id)
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { action: 'review.hidden', actor_id: support.id },
      { action: 'review.restored', actor_id: support.id },
    ]);
  });

  it("shows the author's e-mail only to moderators who may look customers up", async () => {
    const product = products[5] as ListedProduct;
    const author = await newCustomer(api);
    await rate(author, product._id, 4, `Solid build ${Date.now().toString(36)}`);
    const catalogue = await staffSession(api, 'catalogue');
    const asCatalogue = await api.http.get('/api/admin/reviews').query({ q: author.email }).set(catalogue.auth);
    const asSupport = await api.http.get('/api/admin/reviews').query({ q: author.email }).set(support.auth);
    expect(asSupport.body.reviews[0].customer.email).toBe(author.email);
    expect(asCatalogue.body.reviews[0].customer).toMatchObject({ _id: author.id, email: null });
  });

  it('keeps the rating right while shoppers rate and moderators hide the same product at once', async () => {
    const product = products[6] as ListedProduct;
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => newCustomer(api)));
    for (const [i, s] of shoppers.entries()) await rate(s, product._id, (i % 5) + 1, `Review ${i}`);
    const { body } = await api.http
      .get('/api/admin/reviews')
      .query({ q: product.title, status: 'visible', pageSize: 100 })
      .set(support.auth);
    const mine = (body.reviews as { _id: string; version: number; customer: { _id: string } }[]).filter((r) =>
      shoppers.some((s) => s.id === r.customer._id),
    );
    const answers = await Promise.all([
      ...mine
        .slice(0, 3)
        .map((r) => api.http.post(`/api/admin/reviews/${r._id}/hide`).set(support.auth).send({ reason: 'Test', version: r.version })),
      ...shoppers.slice(3).map((s) => rate(s, product._id, 5, 'Changed my mind')),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    const visible = await api.database.db
      .selectFrom('ratings')
      .select(['star'])
      .where('product_id', '=', product._id)
      .where('hidden_at', 'is', null)
      .execute();
    const page = await api.http.get(`/api/product/${product._id}`);
    expect(page.body.ratingCount).toBe(visible.length);
    expect(page.body.totalrating).toBe(Math.round(visible.reduce((s, r) => s + r.star, 0) / visible.length));
  });

  it('is for reviews:moderate only', async () => {
    const packer = await staffSession(api, 'fulfilment');
    expect((await api.http.get('/api/admin/reviews').set(packer.auth)).status).toBe(403);
  });
});

describe('the enquiries inbox', () => {
  const send = (comment: string, email = `asker.${Date.now().toString(36)}@example.com`) =>
    api.http.post('/api/enquiry').send({ name: 'Ravi', email, mobile: '9876543210', comment });

  it('lists open enquiries, assigns one, notes it, replies by e-mail (kept on the enquiry) and resolves it', async () => {
    const email = `asker.${Date.now().toString(36)}@example.com`;
    const made = await send('Does the camera ship with a charger?\nThanks', email);
    expect(made.status).toBe(201);
    const id = made.body._id as string;

    const open = await api.http.get('/api/admin/enquiries').query({ q: email }).set(support.auth);
    expect(open.body).toMatchObject({ total: 1, enquiries: [{ _id: id, status: 'Submitted', assignee: null }] });

    const { body: assignees } = await api.http.get('/api/admin/enquiries/assignees').set(support.auth);
    expect(assignees.assignees.map((a: { _id: string }) => a._id)).toContain(support.id);
    const packer = await staffSession(api, 'fulfilment');
    const wrong = await api.http.put(`/api/admin/enquiries/${id}`).set(support.auth).send({ assigneeId: packer.id, version: 0 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('assigneeId');
    const assigned = await api.http.put(`/api/admin/enquiries/${id}`).set(support.auth).send({ assigneeId: support.id, version: 0 });
    expect(assigned.body).toMatchObject({ assignee: { _id: support.id }, version: 1 });
    const mine = await api.http.get('/api/admin/enquiries').query({ assignee: 'me', q: email }).set(support.auth);
    expect(mine.body.total).toBe(1);
    // Assigned is not replied.
    expect(mine.body.enquiries[0].lastReply).toBeNull();

    const noted = await api.http
      .post(`/api/admin/enquiries/${id}/notes`)
      .set(support.auth)
      .send({ note: 'Checked with the warehouse: yes' });
    expect(noted.status).toBe(201);
    const replied = await api.http
      .post(`/api/admin/enquiries/${id}/replies`)
      .set(support.auth)
      .send({ message: 'Yes: every camera ships with its charger <and> a cable.' });
    expect(replied.status).toBe(201);
    expect(replied.body.status).toBe('Contacted');
    expect(replied.body.events.map((e: { kind: string }) => e.kind)).toEqual(['note', 'reply']);
    expect(replied.body.events[1]).toMatchObject({ subject: 'Your message to Digitic', sendError: null });
    expect(replied.body.events[1].sentAt).not.toBeNull();
    // Who replied, told apart from who is assigned (nobody here yet? the inbox says who answered).
    expect(replied.body.lastReply).toEqual({ by: expect.any(String), at: replied.body.events[1].sentAt });
    const [mail] = (await api.outbox()).filter((m) => m.to === email);
    expect(mail?.subject).toBe('Your message to Digitic');
    // Answers go to the shop's support address (SHOP_EMAIL), not the no-reply sender.
    expect(mail?.replyTo).toBe('support@digitic.example');
    expect(mail?.text).toContain('Yes: every camera ships with its charger <and> a cable.');
    expect(mail?.text).toContain('> Does the camera ship with a charger?');
    expect(mail?.html).toContain('charger &lt;and&gt; a cable');
    expect(mail?.html).not.toContain('<and>');
    const listed = await api.http.get('/api/admin/enquiries').query({ q: email }).set(support.auth);
    expect(listed.body.enquiries[0].lastReply).toEqual(replied.body.lastReply);

    const stale = await api.http.put(`/api/admin/enquiries/${id}`).set(support.auth).send({ status: 'Resolved', version: 1 });
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const resolved = await api.http
      .put(`/api/admin/enquiries/${id}`)
      .set(support.auth)
      .send({ status: 'Resolved', version: replied.body.version });
    expect(resolved.body.status).toBe('Resolved');
    expect((await api.http.get('/api/admin/enquiries').query({ q: email }).set(support.auth)).body.total).toBe(0);
    expect((await api.http.get('/api/admin/enquiries').query({ q: email, status: 'Resolved' }).set(support.auth)).body.total).toBe(1);
    const bad = await api.http
      .put(`/api/admin/enquiries/${id}`)
      .set(support.auth)
      .send({ status: 'Closed', version: resolved.body.version });
    expect(bad.status).toBe(400);

    const trail = await api.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', id).orderBy('id').execute();
    expect(trail.map((t) => t.action)).toEqual(['enquiry.updated', 'enquiry.noted', 'enquiry.replied', 'enquiry.updated']);
  });

  it('keeps a reply the mailer refused, says so, and sends it again on request', async () => {
    const email = `asker.${Date.now().toString(36)}.down@example.com`;
    const id = (await send('Where is my parcel?', email)).body._id as string;
    api.services.mailer.send = (() => {
      const real = api.services.mailer.send.bind(api.services.mailer);
      let fail = true;
      return (m) => {
        if (fail) {
          fail = false;
          return Promise.reject(new Error('SMTP 421 try later'));
        }
        return real(m);
      };
    })();
    const refused = await api.http.post(`/api/admin/enquiries/${id}/replies`).set(support.auth).send({ message: 'On its way.' });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('The reply is kept on the enquiry but could not be e-mailed now: use Send again on it shortly.');
    const kept = await api.http.get(`/api/admin/enquiries/${id}`).set(support.auth);
    const reply = kept.body.events[0];
    expect(reply).toMatchObject({ kind: 'reply', body: 'On its way.', sentAt: null, sendError: 'SMTP 421 try later' });
    const again = await api.http.post(`/api/admin/enquiries/${id}/replies/${reply._id}/resend`).set(support.auth).send({});
    expect(again.status).toBe(200);
    expect(again.body.events[0]).toMatchObject({ sendError: null });
    expect(again.body.events[0].sentAt).not.toBeNull();
    expect((await api.outbox()).filter((m) => m.to === email)).toHaveLength(1);
    const twice = await api.http.post(`/api/admin/enquiries/${id}/replies/${reply._id}/resend`).set(support.auth).send({});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This reply was sent already');
  });

  it('is for enquiries:manage only', async () => {
    const catalogue = await staffSession(api, 'catalogue');
    expect((await api.http.get('/api/admin/enquiries').set(catalogue.auth)).status).toBe(403);
  });
});
