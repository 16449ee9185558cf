import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command } from '../audit/actor.js';
import { SoftAuthenticator, startTestApi, type TestApi, uniqueEmail } from '../test/harness.js';
import { totpFor } from './secrets.js';

// Passkeys as the second factor, through the real api, with a software authenticator that does what a
// phone or a security key does: an ES256 key pair, WebAuthn's authenticator data and client data, signed.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const PASSWORD = 'a long staff password';
async function enrolledMember() {
  const email = uniqueEmail('passkey');
  const { staffId, link } = await api.services.staff.invite({ email, role: 'fulfilment' }, command('test'));
  const token = link.split('#')[1] as string;
  const secret = (await api.services.staff.invitation(token)).totp.secret;
  await api.services.staff.enrol(token, { password: PASSWORD, code: totpFor(secret, 'x', 'x').generate() });
  const session = await api.services.staff.signIn({
    email,
    password: PASSWORD,
    code: totpFor(secret, 'x', 'x').generate({ timestamp: Date.now() + 30_000 }),
  });
  return { id: staffId, email, auth: { Authorization: `Staff ${session.token}`, 'X-CSRF-Token': session.csrf } };
}

async function withPasskey(authenticator = new SoftAuthenticator()) {
  const member = await enrolledMember();
  const options = await api.http.post('/api/admin/me/passkeys/options').set(member.auth).send({});
  expect(options.status).toBe(200);
  expect(options.body.options).toMatchObject({ rp: { id: 'shop.test' }, authenticatorSelection: { userVerification: 'required' } });
  const added = await api.http
    .post('/api/admin/me/passkeys')
    .set(member.auth)
    .send({
      challengeId: options.body.challengeId,
      response: authenticator.register(options.body.options.challenge),
      name: 'Work laptop',
      currentPassword: PASSWORD,
    });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { member, authenticator, passkeys: added.body.passkeys as { id: string; name: string }[] };
}

async function passkeySignIn(email: string, sign: (challenge: string) => AuthenticationResponseJSON) {
  const options = await api.http.post('/api/admin/session/passkey-options').send({});
  expect(options.status).toBe(200);
  // The challenge names nobody: no credential list that would tell who is on the staff.
  expect(options.body.options.allowCredentials ?? []).toEqual([]);
  return api.http.post('/api/admin/session').send({
    email,
    password: PASSWORD,
    passkey: { challengeId: options.body.challengeId, response: sign(options.body.options.challenge) },
  });
}

describe('passkeys as the second factor', () => {
  it('registers a passkey for the signed-in staff member, audited, and signs in with it instead of a code', async () => {
    const { member, authenticator, passkeys } = await withPasskey();
    expect(passkeys).toEqual([expect.objectContaining({ name: 'Work laptop' })]);
    const signedIn = await passkeySignIn(member.email, (c) => authenticator.sign(c));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(201);
    expect((await api.http.get('/api/admin/me').set({ Authorization: `Staff ${signedIn.body.token}` })).body.email).toBe(member.email);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_id', '=', member.id)
      .where('action', 'in', ['staff.passkey_added', 'staff.sign_in'])
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['staff.sign_in', 'staff.passkey_added', 'staff.sign_in']);
    expect(audit[2]?.after).toMatchObject({ factor: 'passkey' });
  });

  it('refuses a replayed answer, a cloned key whose counter does not move, a wrong origin, and the wrong password', async () => {
    const { member, authenticator } = await withPasskey();
    // One answer, one challenge: sending the same answer again finds its challenge used.
    const options = await api.http.post('/api/admin/session/passkey-options').send({});
    const answer = { challengeId: options.body.challengeId, response: authenticator.sign(options.body.options.challenge) };
    expect((await api.http.post('/api/admin/session').send({ email: member.email, password: PASSWORD, passkey: answer })).status).toBe(201);
    const replay = await api.http.post('/api/admin/session').send({ email: member.email, password: PASSWORD, passkey: answer });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('The e-mail, password or code is not right');
    // A copy of the key signs with a counter that has not moved on.
    expect((await passkeySignIn(member.email, (c) => authenticator.sign(c, { keepCounter: true }))).status).toBe(401);
    // A phishing page at another origin.
    expect((await passkeySignIn(member.email, (c) => authenticator.sign(c, { origin: 'http://shop-test.example' }))).status).toBe(401);
    // The password still comes first.
    const options2 = await api.http.post('/api/admin/session/passkey-options').send({});
    const wrong = await api.http.post('/api/admin/session').send({
      email: member.email,
      password: 'not the password at all',
      passkey: { challengeId: options2.body.challengeId, response: authenticator.sign(options2.body.options.challenge) },
    });
    expect(wrong.status).toBe(401);
    // And the real key, next, still works.
    expect((await passkeySignIn(member.email, (c) => authenticator.sign(c))).status).toBe(201);
  });

  it('takes nobody else’s passkey, and a removed passkey signs nobody in', async () => {
    const alice = await withPasskey();
    const bob = await enrolledMember();
    expect((await passkeySignIn(bob.email, (c) => alice.authenticator.sign(c))).status).toBe(401);
    // Registering needs a fresh challenge of one's own, from this shop's origin.
    const options = await api.http.post('/api/admin/me/passkeys/options').set(bob.auth).send({});
    const elsewhere = new SoftAuthenticator('shop.test', 'http://evil.example');
    const refused = await api.http
      .post('/api/admin/me/passkeys')
      .set(bob.auth)
      .send({
        challengeId: options.body.challengeId,
        response: elsewhere.register(options.body.options.challenge),
        name: 'Phished',
        currentPassword: PASSWORD,
      });
    expect(refused.status).toBe(400);
    const removed = await api.http.delete(`/api/admin/me/passkeys/${alice.passkeys[0]?.id}`).set(alice.member.auth).send({});
    expect(removed.status).toBe(200);
    expect(removed.body.passkeys).toEqual([]);
    expect((await passkeySignIn(alice.member.email, (c) => alice.authenticator.sign(c))).status).toBe(401);
    // Someone else's passkey cannot be removed by id.
    const carol = await withPasskey();
    expect((await api.http.delete(`/api/admin/me/passkeys/${carol.passkeys[0]?.id}`).set(bob.auth).send({})).status).toBe(404);
  });

  it('says nothing more after the right password for a malformed answer, and adds no passkey without the password again', async () => {
    const { member } = await withPasskey();
    const options = await api.http.post('/api/admin/session/passkey-options').send({});
    const malformed = await api.http
      .post('/api/admin/session')
      .send({ email: member.email, password: PASSWORD, passkey: { challengeId: options.body.challengeId, response: {} } });
    expect(malformed.status).toBe(401);
    expect(malformed.body.message).toBe('The e-mail, password or code is not right');
    const wrongPassword = await api.http
      .post('/api/admin/session')
      .send({ email: member.email, password: 'not the password at all', passkey: { challengeId: 'x', response: {} } });
    expect(wrongPassword.body.message).toBe(malformed.body.message);

    // A session alone (a script on the page) cannot add a passkey: it takes the password too.
    const another = new SoftAuthenticator();
    const addOptions = await api.http.post('/api/admin/me/passkeys/options').set(member.auth).send({});
    const withoutPassword = await api.http
      .post('/api/admin/me/passkeys')
      .set(member.auth)
      .send({ challengeId: addOptions.body.challengeId, response: another.register(addOptions.body.options.challenge), name: 'Sneaky' });
    expect(withoutPassword.status).toBe(400);
    const wrong = await api.http
      .post('/api/admin/me/passkeys')
      .set(member.auth)
      .send({
        challengeId: addOptions.body.challengeId,
        response: another.register(addOptions.body.options.challenge),
        name: 'Sneaky',
        currentPassword: 'a wrong password here',
      });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'currentPassword', message: 'The password is not right' });
    expect((await api.http.get('/api/admin/me/passkeys').set(member.auth)).body.passkeys).toHaveLength(1);
  });

  it('records which passkey signed in, and a failed passkey in the trail', async () => {
    const { member, authenticator, passkeys } = await withPasskey();
    expect((await passkeySignIn(member.email, (c) => authenticator.sign(c, { origin: 'http://elsewhere.example' }))).status).toBe(401);
    expect((await passkeySignIn(member.email, (c) => authenticator.sign(c))).status).toBe(201);
    const rows = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_id', '=', member.id)
      .where('action', 'in', ['staff.sign_in', 'staff.sign_in_failed'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows[0]).toMatchObject({ action: 'staff.sign_in', after: { factor: 'passkey', passkey: passkeys[0]?.id } });
    expect(rows[1]).toMatchObject({ action: 'staff.sign_in_failed', after: { reason: 'wrong or unknown passkey' } });
  });
});
