import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailable } from '../domain/errors.js';
import { newCustomer, startTestApi, type TestApi, type TestCustomer, uniqueEmail } from '../test/harness.js';
import { EMAIL_CHANGE_MESSAGES } from './email-change.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const PROFILE = { firstname: 'Asha', lastname: 'Patel', mobile: '9876543210' };
const edit = (c: Pick<TestCustomer, 'auth'>, body: Record<string, unknown>) =>
  api.http
    .put('/api/user/edit-user')
    .set(c.auth)
    .send({ ...PROFILE, ...body });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const me = (token: string) => api.http.get('/api/user/me').set(bearer(token));
const login = (email: string, password: string) => api.http.post('/api/user/login').send({ email, password });
const undo = (token: string) => api.http.put(`/api/user/undo-email-change/${token}`);
const storedEmail = async (id: string) =>
  (await api.database.db.selectFrom('customers').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const mailsTo = async (email: string) => (await api.outbox()).filter((m) => m.to === email);

async function undoTokenFor(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => m.subject === 'Your Digitic e-mail address was changed').at(-1);
  const match = /http:\/\/shop\.test\/undo-email-change\/([\w-]+)/.exec(mail?.text ?? '');
  expect(match, `an undo link mailed to ${email}`).not.toBeNull();
  return match?.[1] as string;
}

/** Changes the customer's e-mail with their password; returns the new address and the token the change answered. */
async function changeEmail(c: TestCustomer, password = c.password) {
  const email = uniqueEmail('moved');
  const res = await edit(c, { email, currentPassword: password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, token: res.body.token as string };
}

describe('changing the e-mail needs the current password', () => {
  // A stolen bearer token alone moved the account to the thief's address (then a reset made it theirs for good).
  it.each([
    ['absent', {}],
    ['null', { currentPassword: null }],
    ['empty', { currentPassword: '' }],
  ])('refuses a change with the password %s, naming the field, and changes nothing', async (_label, extra) => {
    const c = await newCustomer(api);
    const res = await edit(c, { email: uniqueEmail('thief'), ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.passwordRequired, field: 'currentPassword' });
    expect(await storedEmail(c.id)).toBe(c.email);
    expect((await me(c.token)).status).toBe(200);
    expect(await mailsTo(c.email)).toEqual([]);
  });

  // A wrong current password must not be an unlimited guessing oracle next to the sign-in's five tries.
  it('refuses a wrong password, naming the field, counted with the sign-in failures of the account', async () => {
    const c = await newCustomer(api);
    for (let i = 0; i < 5; i++) {
      const res = await edit(c, { email: uniqueEmail('thief'), currentPassword: `guess number ${i}` });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.passwordWrong, field: 'currentPassword' });
    }
    const sixth = await edit(c, { email: uniqueEmail('thief'), currentPassword: c.password });
    expect(sixth.status).toBe(429);
    expect((await login(c.email, c.password)).status).toBe(429);
    expect(await storedEmail(c.id)).toBe(c.email);
  });

  it('counts a wrong password against the window a sign-in uses, and a right one clears it', async () => {
    const c = await newCustomer(api);
    await edit(c, { email: uniqueEmail('thief'), currentPassword: 'not the password' });
    const key = `login:${c.email}`;
    const row = await api.database.db.selectFrom('attempt_windows').select('hits').where('key', '=', key).executeTakeFirst();
    expect(row?.hits).toBe(1);
    await changeEmail(c);
    expect(await api.database.db.selectFrom('attempt_windows').select('hits').where('key', '=', key).executeTakeFirst()).toBeUndefined();
  });

  it.each([
    ['in capitals', (e: string) => e.toUpperCase()],
    ['with spaces around', (e: string) => `  ${e}\t`],
    ['in mixed case with spaces', (e: string) => ` ${e.slice(0, 3).toUpperCase()}${e.slice(3)} `],
  ])('treats the same address %s as no change: no password asked, sessions kept, nothing mailed', async (_label, spell) => {
    const c = await newCustomer(api);
    const res = await edit(c, { email: spell(c.email), lastname: 'Rao' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: c.email, lastname: 'Rao' });
    expect(await storedEmail(c.id)).toBe(c.email);
    expect((await me(c.token)).status).toBe(200);
    expect(await mailsTo(c.email)).toEqual([]);
  });

  it("refuses another customer's address only after the password, so a token cannot probe for accounts", async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    expect((await edit(b, { email: a.email })).status).toBe(400);
    const taken = await edit(b, { email: a.email.toUpperCase(), currentPassword: b.password });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('email');
    expect(await storedEmail(b.id)).toBe(b.email);
  });

  // Regression (review): "already exists" cost nothing, so with one's own password the profile form told
  // which addresses have accounts, as often as asked, past the sign-up limits.
  it('counts every "already exists" among the day\'s five changes', async () => {
    const b = await newCustomer(api);
    const others = await Promise.all(Array.from({ length: 5 }, () => newCustomer(api)));
    for (const o of others) expect((await edit(b, { email: o.email, currentPassword: b.password })).status).toBe(409);
    const sixth = await edit(b, { email: uniqueEmail('probe'), currentPassword: b.password });
    expect(sixth.status).toBe(429);
    expect(await storedEmail(b.id)).toBe(b.email);
  });
});

describe('a change of e-mail', () => {
  // Changing the e-mail kept every other session and told the old address nothing.
  it('answers a fresh token, ends every other session and voids reset links mailed to the old address', async () => {
    const c = await newCustomer(api);
    const reset = await api.http.post('/api/user/forgot-password-token').send({ email: c.email });
    expect(reset.status).toBe(200);
    const resetToken = /reset-password\/([\w-]+)/.exec((await mailsTo(c.email)).at(-1)?.text ?? '')?.[1] as string;

    const { email, token } = await changeEmail(c);
    expect(token).not.toBe(c.token);
    expect((await me(c.token)).status).toBe(401);
    const mine = await me(token);
    expect(mine.status).toBe(200);
    expect(mine.body.email).toBe(email);
    expect((await api.http.put(`/api/user/reset-password/${resetToken}`).send({ password: 'the thief wants this' })).status).toBe(400);
    expect((await login(email, c.password)).status).toBe(200);
    expect((await login(c.email, c.password)).status).toBe(401);
  });

  it('mails the old address the new one and a link that undoes it, in escaped HTML, the token stored only as its hash', async () => {
    const c = await newCustomer(api, { firstname: '<img src=x onerror=alert(1)>' });
    const { email } = await changeEmail(c);
    const [mail] = (await mailsTo(c.email)).filter((m) => m.subject === 'Your Digitic e-mail address was changed');
    expect(mail?.text).toContain(`from ${c.email} to ${email}`);
    expect(mail?.text).toContain('Forgot Password');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&#60;img');
    const token = await undoTokenFor(c.email);
    expect(mail?.html).toContain(`href="http://shop.test/undo-email-change/${token}"`);
    const rows = await api.database.db.selectFrom('email_changes').select(['token_hash', 'old_email', 'new_email', 'expires_at']).execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const row = rows.find((r) => r.token_hash === createHash('sha256').update(token).digest('hex'));
    expect(row).toMatchObject({ old_email: c.email, new_email: email });
    const ttl = (row?.expires_at.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('holds the old address while its undo link works: nobody can sign up with it or move to it', async () => {
    const c = await newCustomer(api);
    await changeEmail(c);
    const signUp = await api.http.post('/api/user/register').send({ firstname: 'Eve', email: c.email, password: 'longenough1' });
    expect(signUp.status).toBe(409);
    const other = await newCustomer(api);
    const move = await edit(other, { email: c.email, currentPassword: other.password });
    expect(move.status).toBe(409);
    expect((await undo(await undoTokenFor(c.email))).status).toBe(200);
  });
});

describe('undoing a change from the mailed link', () => {
  // The owner had no way back once the address was changed.
  it('puts the old address back, signs everyone out and voids the password and reset links, once', async () => {
    const c = await newCustomer(api);
    const { email, token } = await changeEmail(c);
    const resetToken = await (async () => {
      await api.http.post('/api/user/forgot-password-token').send({ email });
      return /reset-password\/([\w-]+)/.exec((await mailsTo(email)).at(-1)?.text ?? '')?.[1] as string;
    })();
    const link = await undoTokenFor(c.email);

    const res = await undo(link);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(`e-mail is ${c.email} again`);
    expect(await storedEmail(c.id)).toBe(c.email);
    expect((await me(token)).status).toBe(401);
    expect((await login(email, c.password)).status).toBe(401);
    expect((await login(c.email, c.password)).status).toBe(401);
    expect((await api.http.put(`/api/user/reset-password/${resetToken}`).send({ password: 'the thief wants this' })).status).toBe(400);

    const again = await undo(link);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.undoInvalid, field: 'token' });

    // The owner signs in again through the restored address.
    await api.http.post('/api/user/forgot-password-token').send({ email: c.email });
    const ownerReset = /reset-password\/([\w-]+)/.exec((await mailsTo(c.email)).at(-1)?.text ?? '')?.[1] as string;
    expect((await api.http.put(`/api/user/reset-password/${ownerReset}`).send({ password: 'mine once more' })).status).toBe(200);
    expect((await login(c.email, 'mine once more')).status).toBe(200);
  });

  it("survives the thief's second change, and voids the links the thief was mailed", async () => {
    const c = await newCustomer(api);
    const first = await changeEmail(c);
    const second = await changeEmail({ ...c, auth: bearer(first.token) });
    const thiefsLink = await undoTokenFor(first.email);
    expect((await undo(await undoTokenFor(c.email))).status).toBe(200);
    expect(await storedEmail(c.id)).toBe(c.email);
    expect((await undo(thiefsLink)).status).toBe(400);
    expect(await storedEmail(c.id)).toBe(c.email);
    expect((await me(second.token)).status).toBe(401);
  });

  // Regression (review): undoing a later change spent every link of the account, so a thief who knew the
  // password changed twice, undid the second from the address they read, and the owner's link was dead.
  it("keeps the owner's link good when the thief undoes a later change of their own", async () => {
    const c = await newCustomer(api);
    const first = await changeEmail(c);
    const second = await changeEmail({ ...c, auth: bearer(first.token) });
    expect(second.email).not.toBe(first.email);
    expect((await undo(await undoTokenFor(first.email))).status).toBe(200);
    expect(await storedEmail(c.id)).toBe(first.email);
    expect((await undo(await undoTokenFor(c.email))).status).toBe(200);
    expect(await storedEmail(c.id)).toBe(c.email);
  });

  it('refuses unknown, malformed and expired links, naming the token', async () => {
    for (const bad of ['x'.repeat(43), 'short', 'a'.repeat(101), '..%2F..%2Fadmin']) {
      const res = await undo(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.field).toBe('token');
    }
    const c = await newCustomer(api);
    const { email } = await changeEmail(c);
    const link = await undoTokenFor(c.email);
    await api.database.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', createHash('sha256').update(link).digest('hex'))
      .execute();
    expect((await undo(link)).status).toBe(400);
    expect(await storedEmail(c.id)).toBe(email);
  });

  it('changes nothing when the link is only fetched, as a mail scanner does', async () => {
    const c = await newCustomer(api);
    const { email } = await changeEmail(c);
    const link = await undoTokenFor(c.email);
    expect((await api.http.get(`/api/user/undo-email-change/${link}`)).status).toBe(404);
    expect(await storedEmail(c.id)).toBe(email);
    expect((await undo(link)).status).toBe(200);
  });
});

describe('when the notice cannot be sent', () => {
  let broken: TestApi;
  beforeAll(async () => {
    broken = await startTestApi({
      seed: false,
      mailer: {
        ready: () => Promise.resolve(),
        send: () => Promise.reject(unavailable('E-mail cannot be sent right now. Please try again shortly.')),
        forget: () => Promise.resolve(0),
        prune: () => Promise.resolve(0),
      },
    });
  });
  afterAll(() => broken.close());

  // A change the old address never heard of could not be undone.
  it('changes nothing and keeps the sessions', async () => {
    const c = await newCustomer(broken);
    const res = await broken.http
      .put('/api/user/edit-user')
      .set(c.auth)
      .send({ ...PROFILE, lastname: 'Rao', email: uniqueEmail('moved'), currentPassword: c.password });
    expect(res.status).toBe(503);
    const mine = await broken.http.get('/api/user/me').set(c.auth);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ email: c.email, lastname: 'Patel' });
    expect(await broken.database.db.selectFrom('email_changes').selectAll().execute()).toEqual([]);
  });
});
