import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer.js';
import { staffSession, startTestApi, type TestApi } from '../test/harness.js';

// "Send again" on an enquiry's reply (red-team finding 10: 5 concurrent resends, 5 identical e-mails): the
// delivery is claimed by one guarded update before the mailer is called, so the reply goes out once.

let api: TestApi;
let support: Awaited<ReturnType<typeof staffSession>>;
let realSend: (m: MailMessage) => Promise<void>;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
  support = await staffSession(api, 'support');
  realSend = api.services.mailer.send.bind(api.services.mailer);
});
beforeEach(() => {
  api.services.mailer.send = realSend;
});
afterAll(() => api.close());

let serial = 0;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);

/** An enquiry whose reply the mailer refused: it is kept, unsent, for Send again. */
async function unsentReply() {
  const email = `asker.${Date.now().toString(36)}.${(serial++).toString(36)}@example.com`;
  const made = await api.http.post('/api/enquiry').send({ name: 'Ravi', email, mobile: '9876543210', comment: 'Where is my parcel?' });
  const id = made.body._id as string;
  api.services.mailer.send = () => Promise.reject(new Error('SMTP 421 try later'));
  const refused = await api.http.post(`/api/admin/enquiries/${id}/replies`).set(support.auth).send({ message: 'On its way.' });
  expect(refused.status).toBe(503);
  api.services.mailer.send = realSend;
  const kept = await api.http.get(`/api/admin/enquiries/${id}`).set(support.auth);
  expect(kept.body.events[0]).toMatchObject({ kind: 'reply', sentAt: null, sendError: 'SMTP 421 try later' });
  return { id, email, eventId: kept.body.events[0]._id as string };
}
const resend = (r: { id: string; eventId: string }) =>
  api.http.post(`/api/admin/enquiries/${r.id}/replies/${r.eventId}/resend`).set(support.auth).send({});

/** A mailer that takes a while (an SMTP server's round trips), so concurrent deliveries overlap. */
const slowMailer = (ms: number) => async (m: MailMessage) => {
  await sleep(ms);
  await realSend(m);
};

describe('Send again on a reply', () => {
  it('e-mails it once when clicked five times at once', async () => {
    const r = await unsentReply();
    api.services.mailer.send = slowMailer(50);
    const answers = await Promise.all(Array.from({ length: 5 }, () => resend(r)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.message).toMatch(
        /^(This reply is being sent now: reload the enquiry in a moment to see whether it went|This reply was sent already)$/,
      );
    }
    expect(await mailsTo(r.email)).toHaveLength(1);
    const trail = await api.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', r.id).execute();
    expect(trail.filter((t) => t.action === 'enquiry.reply_resent')).toHaveLength(1);
    const after = await api.http.get(`/api/admin/enquiries/${r.id}`).set(support.auth);
    expect(after.body.events[0]).toMatchObject({ sendError: null, sentAt: expect.any(String) });
  });

  it('e-mails it once when twenty clicks race on a mailer with no delay', async () => {
    const r = await unsentReply();
    const answers = await Promise.all(Array.from({ length: 20 }, () => resend(r)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await mailsTo(r.email)).toHaveLength(1);
  });

  it('does not send it again while its first delivery is still under way', async () => {
    const email = `asker.${Date.now().toString(36)}.first@example.com`;
    const id = (await api.http.post('/api/enquiry').send({ name: 'Ravi', email, mobile: '9876543210', comment: 'Is it in stock?' })).body
      ._id as string;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    api.services.mailer.send = async (m) => {
      await gate;
      await realSend(m);
    };
    const first = api.http.post(`/api/admin/enquiries/${id}/replies`).set(support.auth).send({ message: 'Yes, three left.' }).then();
    let eventId: string | undefined;
    for (let i = 0; i < 200 && !eventId; i++) {
      eventId = (await api.database.db.selectFrom('enquiry_events').select('id').where('enquiry_id', '=', id).executeTakeFirst())?.id;
      if (!eventId) await sleep(10);
    }
    const clicking = Promise.all(Array.from({ length: 3 }, () => resend({ id, eventId: eventId as string })));
    // Answered while the first delivery still waits on the mailer (without the claim they would wait on it too).
    const answeredEarly = await Promise.race([clicking.then(() => true), sleep(3_000).then(() => false)]);
    open();
    const clicks = await clicking;
    expect((await first).status).toBe(201);
    expect(clicks.map((c) => c.status)).toEqual([409, 409, 409]);
    expect(answeredEarly).toBe(true);
    expect(clicks[0]?.body.message).toBe('This reply is being sent now: reload the enquiry in a moment to see whether it went');
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await resend({ id, eventId: eventId as string })).body.message).toBe('This reply was sent already');
  });

  it('gives the claim back when the mailer fails, so Send again works after', async () => {
    const r = await unsentReply();
    api.services.mailer.send = () => Promise.reject(new Error('SMTP 451 greylisted'));
    const failed = await resend(r);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('The reply is kept on the enquiry but could not be e-mailed now: use Send again on it shortly.');
    const row = await api.database.db.selectFrom('enquiry_events').selectAll().where('id', '=', r.eventId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sent_at: null, sending_at: null, send_error: 'SMTP 451 greylisted' });
    api.services.mailer.send = realSend;
    expect((await resend(r)).status).toBe(200);
    expect(await mailsTo(r.email)).toHaveLength(1);
  });

  it('takes over a claim left by a process that stopped mid-send, and no younger one', async () => {
    const r = await unsentReply();
    const claimed = (ago: string) =>
      api.database.db
        .updateTable('enquiry_events')
        .set({ sending_at: sql<Date>`now() - ${ago}::interval` })
        .where('id', '=', r.eventId)
        .execute();
    await claimed('2 minutes');
    expect((await resend(r)).status).toBe(409);
    expect(await mailsTo(r.email)).toHaveLength(0);
    await claimed('20 minutes');
    expect((await resend(r)).status).toBe(200);
    expect(await mailsTo(r.email)).toHaveLength(1);
  });
});
