import { ALL_PERMISSIONS, type Permission, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@digitic/shop-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { command } from '../audit/actor.js';
import { newCustomer, startTestApi, type TestApi, uniqueEmail } from '../test/harness.js';
import { totpFor } from './secrets.js';
import { staffRoutes } from '../admin-routes.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const PASSWORD = 'a long staff password';

/** The code an authenticator shows half a minute from now: a step after any code used so far. */
const nextCode = (secret: string) => totpFor(secret, 'x', 'x').generate({ timestamp: Date.now() + 30_000 });

interface Member {
  id: string;
  email: string;
  secret: string;
  recoveryCodes: string[];
}

async function enrolled(role: StaffRole): Promise<Member> {
  const email = uniqueEmail(role);
  const { staffId, link } = await api.services.staff.invite({ email, role }, command('test'));
  const token = link.split('#')[1] as string;
  const invitation = await api.http.get(`/api/admin/invites/${token}`);
  expect(invitation.status).toBe(200);
  const secret = invitation.body.totp.secret as string;
  const code = totpFor(secret, 'x', 'x').generate();
  const enrol = await api.http.post(`/api/admin/invites/${token}/enrol`).send({ password: PASSWORD, code });
  expect(enrol.status).toBe(201);
  return { id: staffId, email, secret, recoveryCodes: enrol.body.recoveryCodes as string[] };
}

interface Session {
  auth: { Authorization: string; 'X-CSRF-Token': string };
}

async function signIn(m: Member, factor: { code?: string; recoveryCode?: string } = { code: nextCode(m.secret) }): Promise<Session> {
  const res = await api.http.post('/api/admin/session').send({ email: m.email, password: PASSWORD, ...factor });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { auth: { Authorization: `Staff ${res.body.token}`, 'X-CSRF-Token': res.body.csrf } };
}

const me = (s: Session) => api.http.get('/api/admin/me').set(s.auth);

describe('enrolment', () => {
  it('gives a one-time link that shows the authenticator’s QR code, and takes a password and the first code', async () => {
    const email = uniqueEmail('owner');
    const { link } = await api.services.staff.invite({ email, role: 'owner' }, command('test'));
    expect(link).toMatch(/^http:\/\/shop\.test\/admin\/enrol#[\w-]{43}$/);
    const token = link.split('#')[1] as string;
    const invitation = await api.http.get(`/api/admin/invites/${token}`);
    expect(invitation.body).toMatchObject({ email, role: 'owner', totp: { uri: expect.stringMatching(/^otpauth:\/\/totp\//) } });
    expect(invitation.body.totp.qrSvg).toMatch(/^<svg/);
    const short = await api.http.post(`/api/admin/invites/${token}/enrol`).send({ password: 'short', code: '000000' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ field: 'password', message: 'The password must be at least 12 characters' });
    const wrongCode = await api.http.post(`/api/admin/invites/${token}/enrol`).send({ password: PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.field).toBe('code');
    const secret = invitation.body.totp.secret as string;
    const ok = await api.http
      .post(`/api/admin/invites/${token}/enrol`)
      .send({ password: PASSWORD, code: totpFor(secret, 'x', 'x').generate() });
    expect(ok.status).toBe(201);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    const again = await api.http.post(`/api/admin/invites/${token}/enrol`).send({ password: PASSWORD, code: nextCode(secret) });
    expect(again.status).toBe(409);
    // Nothing that works is kept: the link, the secret and the codes are hashes or sealed.
    const row = await api.database.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const codes = await api.database.db.selectFrom('staff_recovery_codes').select('code_hash').where('staff_id', '=', row.id).execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(ok.body.recoveryCodes[0]);
  });

  it('e-mails the invitation with its link and the role in words; the enrolment page starts with the name given', async () => {
    const email = uniqueEmail('support');
    const made = await api.services.staff.invite({ email, role: 'support', name: 'Sam Support' }, command('test'));
    expect(made.emailed).toBe(true);
    const mail = (await api.outbox()).find((m) => m.to === email);
    expect(mail?.subject).toBe('Your invitation to the back office of Digitic');
    expect(mail?.text).toContain(made.link);
    expect(mail?.text).toMatch(/^Hello Sam Support,/);
    expect(mail?.text).toContain('as support (answers customers: orders, returns, enquiries, reviews)');
    expect(mail?.html).toContain(`<a href="${made.link}">`);
    const invitation = await api.http.get(`/api/admin/invites/${made.link.split('#')[1]}`);
    expect(invitation.body).toMatchObject({ email, name: 'Sam Support', needsEmail: false });
  });

  it('keeps an invitation the mailer refused, and answers that it was not e-mailed', async () => {
    const send = vi.spyOn(api.services.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    try {
      const email = uniqueEmail('catalogue');
      const made = await api.services.staff.invite({ email, role: 'catalogue' }, command('test'));
      expect(made.emailed).toBe(false);
      expect((await api.outbox()).some((m) => m.to === email)).toBe(false);
      const invitation = await api.http.get(`/api/admin/invites/${made.link.split('#')[1]}`);
      expect(invitation.status).toBe(200);
      expect(invitation.body).toMatchObject({ email, name: '' });
    } finally {
      send.mockRestore();
    }
  });

  it('invites the first owner of a shop nobody can run yet, who gives their e-mail when enrolling', async () => {
    const shop = await startTestApi({ seed: false });
    try {
      const first = await shop.services.staff.inviteFirstOwner();
      expect(first?.link).toMatch(/\/admin\/enrol#/);
      const token = first?.link.split('#')[1] as string;
      const invitation = await shop.http.get(`/api/admin/invites/${token}`);
      expect(invitation.body).toMatchObject({ needsEmail: true, role: 'owner' });
      const secret = invitation.body.totp.secret as string;
      const code = totpFor(secret, 'x', 'x').generate();
      const noEmail = await shop.http.post(`/api/admin/invites/${token}/enrol`).send({ password: PASSWORD, code });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.field).toBe('email');
      const email = uniqueEmail('first');
      const ok = await shop.http.post(`/api/admin/invites/${token}/enrol`).send({ password: PASSWORD, code, email });
      expect(ok.status).toBe(201);
      expect(await shop.services.staff.inviteFirstOwner()).toBeNull();
      const signedIn = await shop.http.post('/api/admin/session').send({ email, password: PASSWORD, code: nextCode(secret) });
      expect(signedIn.status).toBe(201);
      expect(signedIn.body.staff.role).toBe('owner');
    } finally {
      await shop.close();
    }
  });

  it('refuses an expired link', async () => {
    const { link } = await api.services.staff.invite({ email: uniqueEmail('late'), role: 'support' }, command('test'));
    const token = link.split('#')[1] as string;
    await sql`update staff_invites set expires_at = now() - interval '1 second'`.execute(api.database.db);
    const res = await api.http.get(`/api/admin/invites/${token}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/expired/);
  });
});

describe('sign-in', () => {
  it('needs the second factor: no code, no session', async () => {
    const m = await enrolled('support');
    const res = await api.http.post('/api/admin/session').send({ email: m.email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('code');
    expect(res.body.token).toBeUndefined();
  });

  it('refuses a wrong code, a replayed code and a used recovery code, each with the same words', async () => {
    const m = await enrolled('support');
    const wrong = await api.http.post('/api/admin/session').send({ email: m.email, password: PASSWORD, code: '123456' });
    expect(wrong.status).toBe(401);
    const code = nextCode(m.secret);
    await signIn(m, { code });
    const replay = await api.http.post('/api/admin/session').send({ email: m.email, password: PASSWORD, code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(wrong.body.message);
    const recoveryCode = m.recoveryCodes[0] as string;
    await signIn(m, { recoveryCode: recoveryCode.toUpperCase() });
    const usedAgain = await api.http.post('/api/admin/session').send({ email: m.email, password: PASSWORD, recoveryCode });
    expect(usedAgain.status).toBe(401);
    const wrongPassword = await api.http
      .post('/api/admin/session')
      .send({ email: m.email, password: 'not the password', code: nextCode(m.secret) });
    expect(wrongPassword.status).toBe(401);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('actor_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'staff.enrolled',
      'staff.sign_in_failed',
      'staff.sign_in',
      'staff.sign_in_failed',
      'staff.sign_in',
      'staff.sign_in_failed',
      'staff.sign_in_failed',
    ]);
    expect(audit.map((a) => (a.after as { reason?: string } | null)?.reason).filter(Boolean)).toEqual([
      'wrong code',
      'code used already',
      'wrong or used recovery code',
      'wrong password',
    ]);
  });

  it('locks an account after five wrong codes with the right password, for longer each time, and says so in the audit trail', async () => {
    const m = await enrolled('support');
    const from = { 'X-Forwarded-For': '198.51.100.7' };
    const wrongCode = () => api.http.post('/api/admin/session').set(from).send({ email: m.email, password: PASSWORD, code: '000000' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await wrongCode()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Locked: even the right password and code are refused now, from anywhere.
    const locked = await api.http
      .post('/api/admin/session')
      .set({ 'X-Forwarded-For': '198.51.100.70' })
      .send({ email: m.email, password: PASSWORD, code: nextCode(m.secret) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/locked; try again in 15 minutes/);
    const row = await api.database.db.selectFrom('staff').select(['lockouts']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.lockouts).toBe(1);
    // The next lock-out lasts twice as long.
    await sql`update staff set locked_until = now() - interval '1 second' where id = ${m.id}`.execute(api.database.db);
    for (let i = 0; i < 6; i++) await wrongCode();
    const again = await api.http
      .post('/api/admin/session')
      .set(from)
      .send({ email: m.email, password: PASSWORD, code: nextCode(m.secret) });
    expect(again.body.message).toMatch(/try again in 30 minutes/);
    const actions = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', m.id)
      .where('action', '=', 'staff.locked_out')
      .execute();
    expect(actions).toHaveLength(2);
  });

  it('lets no one who lacks the password lock an account: wrong passwords stop only their own address', async () => {
    const m = await enrolled('support');
    const guesser = { 'X-Forwarded-For': '198.51.100.11' };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (await api.http.post('/api/admin/session').set(guesser).send({ email: m.email, password: 'a wrong password', code: '000000' }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Its owner, elsewhere, signs in.
    const owner = await api.http
      .post('/api/admin/session')
      .set({ 'X-Forwarded-For': '198.51.100.12' })
      .send({ email: m.email, password: PASSWORD, code: nextCode(m.secret) });
    expect(owner.status).toBe(201);
    const row = await api.database.db
      .selectFrom('staff')
      .select(['lockouts', 'locked_until'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lockouts: 0, locked_until: null });
  });

  it('answers an e-mail that is not on the staff exactly as one that is, wrong password after wrong password', async () => {
    const m = await enrolled('support');
    const answers = async (email: string, address: string) => {
      const out: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await api.http
          .post('/api/admin/session')
          .set({ 'X-Forwarded-For': address })
          .send({ email, password: 'a wrong password', code: '000000' });
        out.push(`${res.status} ${String(res.body.message).replace(/\d+ minutes?/, 'N minutes')}`);
      }
      return out;
    };
    expect(await answers(m.email, '198.51.100.21')).toEqual(await answers(uniqueEmail('nobody'), '198.51.100.22'));
  });

  it('checks at most five passwords of one account, however many attempts come at once', async () => {
    const m = await enrolled('support');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.http
          .post('/api/admin/session')
          .set({ 'X-Forwarded-For': '198.51.100.8' })
          .send({ email: m.email, password: 'wrong password!', code: '000000' }),
      ),
    );
    expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
  });
});

describe('sessions', () => {
  it('end on sign-out, and every one of them on a password change', async () => {
    const m = await enrolled('manager');
    const out = await signIn(m, { recoveryCode: m.recoveryCodes[0] as string });
    expect((await api.http.delete('/api/admin/session').set(out.auth)).status).toBe(204);
    expect((await me(out)).status).toBe(401);

    const a = await signIn(m, { recoveryCode: m.recoveryCodes[1] as string });
    const b = await signIn(m, { recoveryCode: m.recoveryCodes[2] as string });
    const changed = await api.http
      .put('/api/admin/me/password')
      .set(a.auth)
      .send({ currentPassword: PASSWORD, password: 'another long password' });
    expect(changed.status).toBe(204);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
  });

  it('let a session guess its current password five times in a window, no more', async () => {
    const m = await enrolled('support');
    const s = await signIn(m);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await api.http
            .put('/api/admin/me/password')
            .set(s.auth)
            .send({ currentPassword: 'not it at all', password: 'another long password' })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('end when the role changes or the person is removed', async () => {
    const m = await enrolled('support');
    const s = await signIn(m);
    expect((await me(s)).body.role).toBe('support');
    await api.services.staff.changeRole(m.id, 'fulfilment', command('test'));
    expect((await me(s)).status).toBe(401);
    const t = await signIn(m, { recoveryCode: m.recoveryCodes[0] as string });
    expect((await me(t)).body.role).toBe('fulfilment');
    await api.services.staff.remove(m.id, command('test'));
    expect((await me(t)).status).toBe(401);
    const after = await api.http.post('/api/admin/session').send({ email: m.email, password: PASSWORD, recoveryCode: m.recoveryCodes[1] });
    expect(after.status).toBe(401);
  });

  it('end after 30 minutes without a request', async () => {
    const m = await enrolled('support');
    const s = await signIn(m);
    await sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where staff_id = ${m.id}`.execute(api.database.db);
    expect((await me(s)).status).toBe(401);
  });

  it('refuse a write without the session’s CSRF token', async () => {
    const m = await enrolled('owner');
    const s = await signIn(m);
    const invite = { email: uniqueEmail('new'), role: 'support' };
    const bare = await api.http.post('/api/admin/staff/invites').set({ Authorization: s.auth.Authorization }).send(invite);
    expect(bare.status).toBe(403);
    const forged = await api.http
      .post('/api/admin/staff/invites')
      .set({ ...s.auth, 'X-CSRF-Token': 'x'.repeat(43) })
      .send(invite);
    expect(forged.status).toBe(403);
    expect((await api.http.post('/api/admin/staff/invites').set(s.auth).send(invite)).status).toBe(201);
  });

  it('a customer’s token opens no staff route, and a staff session no customer route', async () => {
    const c = await newCustomer(api);
    const res = await api.http.get('/api/admin/me').set(c.auth);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Customer tokens are not accepted/);
    const m = await enrolled('owner');
    const s = await signIn(m);
    expect((await api.http.get('/api/user/me').set(s.auth)).status).toBe(401);
    expect(
      (await api.http.get('/api/user/getmyorders').set({ Authorization: s.auth.Authorization.replace('Staff', 'Bearer') })).status,
    ).toBe(401);
  });
});

describe('sign-in from one address', () => {
  it('is refused for a while after twenty failures from it, whichever accounts they tried', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await api.http
        .post('/api/admin/session')
        .set(from)
        .send({ email: uniqueEmail('guess'), password: 'wrong password!', code: '000000' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const m = await enrolled('support');
    const res = await api.http
      .post('/api/admin/session')
      .set(from)
      .send({ email: m.email, password: PASSWORD, code: nextCode(m.secret) });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many failed sign-ins: try again in \d+ minutes?$/);
  });
});

describe('the staff', () => {
  it('never loses its last owner', async () => {
    // A shop of its own, so the owners here are the only ones.
    const shop = await startTestApi({ seed: false });
    try {
      const { staffId, link } = await shop.services.staff.invite({ email: uniqueEmail('owner'), role: 'owner' }, command('test'));
      const token = link.split('#')[1] as string;
      const secret = (await shop.http.get(`/api/admin/invites/${token}`)).body.totp.secret as string;
      await shop.http.post(`/api/admin/invites/${token}/enrol`).send({ password: PASSWORD, code: totpFor(secret, 'x', 'x').generate() });
      await expect(shop.services.staff.remove(staffId, command('test'))).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(shop.services.staff.changeRole(staffId, 'manager', command('test'))).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await shop.services.staff.hasActiveOwner()).toBe(true);
    } finally {
      await shop.close();
    }
  });
});

describe('the permission matrix, from the one declaration', () => {
  const { routes, router } = staffRoutes(api_deps());
  function api_deps() {
    // The declaration only: the routes are listed when the router is made, before any request.
    return new Proxy({}, { get: () => ({}) }) as Parameters<typeof staffRoutes>[0];
  }

  it('declares who may call every staff route that is mounted', () => {
    const mounted: string[] = [];
    for (const layer of (router as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] }).stack) {
      if (!layer.route) continue;
      for (const method of Object.keys(layer.route.methods)) mounted.push(`${method} ${layer.route.path}`);
    }
    expect(mounted.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of routes)
      expect(r.access === 'public' || r.access === 'any staff' || ALL_PERMISSIONS.includes(r.access), `${r.method} ${r.path}`).toBe(true);
    expect(routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.path}`)).toEqual([
      'get /admin/invites/:token',
      'post /admin/invites/:token/enrol',
      'post /admin/session',
      'post /admin/session/passkey-options',
    ]);
  });

  it('answers every role on every guarded route as the declaration says; a customer and no one get 401', async () => {
    const sessions = new Map<StaffRole, Session>();
    for (const role of STAFF_ROLES) sessions.set(role, await signIn(await enrolled(role)));
    const customer = await newCustomer(api);
    const guarded = routes.filter((r) => r.access !== 'public' && !(r.method === 'delete' && r.path === '/admin/session'));
    for (const r of guarded) {
      // A path whose record does not exist: the permission is checked before anything is looked up.
      const path = `/api${r.path.replace(':id', '00000000-0000-4000-8000-000000000000')}`;
      const call = (headers: Record<string, string>) =>
        api.http[r.method](path)
          .set(headers)
          .send(r.method === 'get' ? undefined : {});
      expect((await call({})).status, `${r.method} ${path} without a session`).toBe(401);
      expect((await call(customer.auth)).status, `${r.method} ${path} with a customer's token`).toBe(401);
      for (const role of STAFF_ROLES) {
        const allowed = r.access === 'any staff' || ROLE_PERMISSIONS[role].includes(r.access as Permission);
        const status = (await call((sessions.get(role) as Session).auth)).status;
        if (allowed) expect(status, `${role}: ${r.method} ${path}`).not.toBe(403);
        else expect(status, `${role}: ${r.method} ${path}`).toBe(403);
      }
    }
  });
});
