import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailable } from '../domain/errors.js';
import { newCustomer, startTestApi, type TestApi, uniqueEmail } from '../test/harness.js';
import { FORGOT_PASSWORD_MESSAGE } from './service.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

async function requestReset(email: string): Promise<string> {
  const before = (await api.outbox()).length;
  const res = await api.http.post('/api/user/forgot-password-token').set('Host', 'evil.example').send({ email });
  expect(res.status).toBe(200);
  const mails = await api.outbox();
  expect(mails.length).toBe(before + 1);
  const mail = mails.at(-1);
  const match = /http:\/\/shop\.test\/reset-password\/([\w-]+)/.exec(mail?.text ?? '');
  expect(match, 'the link uses WEB_URL, never the Host header').not.toBeNull();
  return match?.[1] as string;
}

/** Moves the customer's reset tokens back in time, past the one-e-mail-a-minute limit. */
const ageTokens = (email: string) =>
  api.database.db
    .updateTable('reset_tokens')
    .set({ created_at: new Date(Date.now() - 2 * 60_000) } as never)
    .where('customer_id', 'in', api.database.db.selectFrom('customers').select('id').where('email', '=', email))
    .execute();

const reset = (token: string, password = 'a brand new password') => api.http.put(`/api/user/reset-password/${token}`).send({ password });

describe('forgot and reset password', () => {
  it('answers known and unknown e-mails alike and never puts the token in the response', async () => {
    const c = await newCustomer(api);
    const known = await api.http.post('/api/user/forgot-password-token').send({ email: c.email });
    const unknown = await api.http.post('/api/user/forgot-password-token').send({ email: uniqueEmail('ghost') });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.body).toEqual(known.body);
    const mails = await api.outbox();
    expect(mails.filter((m) => m.to === c.email)).toHaveLength(1);
  });

  it('mails a 256-bit token that is stored only as its hash, and resets the password once', async () => {
    const c = await newCustomer(api);
    const token = await requestReset(c.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await api.database.db.selectFrom('reset_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    const stored = await api.database.db
      .selectFrom('reset_tokens')
      .select('expires_at')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const ttl = stored.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    const ok = await reset(token);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/Password changed/);
    const login = await api.http.post('/api/user/login').send({ email: c.email, password: 'a brand new password' });
    expect(login.status).toBe(200);
    const oldLogin = await api.http.post('/api/user/login').send({ email: c.email, password: c.password });
    expect(oldLogin.status).toBe(401);

    const again = await reset(token, 'yet another password');
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('invalid or has expired');
  });

  it('voids older tokens when a new one is requested', async () => {
    const c = await newCustomer(api);
    const first = await requestReset(c.email);
    await ageTokens(c.email);
    const second = await requestReset(c.email);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it('sends at most one e-mail a minute to a customer, answering the same', async () => {
    const c = await newCustomer(api);
    await requestReset(c.email);
    const again = await api.http.post('/api/user/forgot-password-token').send({ email: c.email });
    expect(again.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect((await api.outbox()).filter((m) => m.to === c.email)).toHaveLength(1);
  });

  it('refuses an expired token', async () => {
    const c = await newCustomer(api);
    const token = await requestReset(c.email);
    await api.database.db
      .updateTable('reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    expect((await reset(token)).status).toBe(400);
  });

  it('refuses an unknown token and a weak password', async () => {
    expect((await reset('x'.repeat(43))).status).toBe(400);
    const c = await newCustomer(api);
    const token = await requestReset(c.email);
    const weak = await reset(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('at least 8 characters');
    const missing = await api.http.put(`/api/user/reset-password/${token}`).send({});
    expect(missing.body.message).toContain('Password is Required');
  });

  it('signs out every session issued before the reset', async () => {
    const c = await newCustomer(api);
    expect((await api.http.get('/api/user/cart').set(c.auth)).status).toBe(200);
    expect((await reset(await requestReset(c.email))).status).toBe(200);
    const stale = await api.http.get('/api/user/cart').set(c.auth);
    expect(stale.status).toBe(401);
  });

  it('validates the e-mail like the forgot-password form', async () => {
    const res = await api.http.post('/api/user/forgot-password-token').send({ email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Email Should be valid');
  });
});

describe('when mail cannot be sent', () => {
  let down: TestApi;
  beforeAll(async () => {
    down = await startTestApi({
      seed: false,
      mailer: {
        ready: () => Promise.reject(unavailable('E-mail cannot be sent right now. Please try again shortly.')),
        send: () => Promise.resolve(),
        forget: () => Promise.resolve(0),
        prune: () => Promise.resolve(0),
      },
    });
  });
  afterAll(() => down.close());

  it('answers 503 for every e-mail, known or not, and keeps serving', async () => {
    const c = await newCustomer(down);
    for (const email of [c.email, uniqueEmail('ghost')]) {
      const res = await down.http.post('/api/user/forgot-password-token').send({ email });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('E-mail cannot be sent right now. Please try again shortly.');
    }
    expect((await down.http.get('/api/health')).status).toBe(200);
  });

  it('reports an unreachable SMTP server as 503', async () => {
    const smtp = await startTestApi({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await smtp.http.post('/api/user/forgot-password-token').send({ email: uniqueEmail() });
      expect(res.status).toBe(503);
    } finally {
      await smtp.close();
    }
  });
});
