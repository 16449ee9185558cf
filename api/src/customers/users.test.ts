import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, startTestApi, type TestApi, uniqueEmail } from '../test/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const register = (body: Record<string, unknown>) => api.http.post('/api/user/register').send(body);

describe('POST /api/user/register', () => {
  it('creates a customer and returns it without any secret field', async () => {
    const email = uniqueEmail();
    const res = await register({ firstname: 'Ravi', lastname: 'Kumar', email, mobile: '9876543210', password: 'longenough1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstname: 'Ravi', lastname: 'Kumar', email, mobile: '9876543210', role: 'user' });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash|\$argon2/i);
  });

  it('stores the password as an argon2id hash', async () => {
    const email = uniqueEmail();
    await register({ firstname: 'Ravi', email, password: 'longenough1' });
    const row = await api.database.db.selectFrom('customers').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('longenough1');
  });

  it('accepts the signup form without lastname and mobile, and a single fullname', async () => {
    const res = await register({ fullname: 'Meera Nair Iyer', email: uniqueEmail(), password: 'longenough1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstname: 'Meera', lastname: 'Nair Iyer', mobile: null });
  });

  it('takes a null lastname and mobile, as GraphQL clients send an optional field (the contract’s RegisterBody)', async () => {
    const res = await register({ firstname: 'Kiran', lastname: null, mobile: null, email: uniqueEmail(), password: 'longenough1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstname: 'Kiran', lastname: '', mobile: null });
  });

  it('ignores unknown fields such as role and isAdmin', async () => {
    const res = await register({ firstname: 'Eve', email: uniqueEmail(), password: 'longenough1', role: 'admin', isAdmin: true });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('user');
    expect(res.body).not.toHaveProperty('isAdmin');
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    const email = uniqueEmail();
    await register({ firstname: 'A', email, password: 'longenough1' });
    const res = await register({ firstname: 'B', email: email.toUpperCase(), password: 'longenough1' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'An account with this email already exists', code: 'CONFLICT', field: 'email' });
  });

  it.each([
    [{ email: 'x@example.com', password: 'longenough1' }, 'firstname', 'First Name is Required'],
    [{ firstname: 'A', password: 'longenough1' }, 'email', 'Email is Required'],
    [{ firstname: 'A', email: 'not-an-email', password: 'longenough1' }, 'email', 'Email Should be valid'],
    [{ firstname: 'A', email: 'a@example.com' }, 'password', 'Password is Required'],
    [{ firstname: 'A', email: 'a@example.com', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ firstname: 'A', email: 'a@example.com', password: 'longenough1', mobile: '-12' }, 'mobile', 'positive whole number'],
  ])('refuses %j naming the field', async (body, field, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(message);
    expect(res.body.code).toBe('BAD_REQUEST');
  });
});

describe('POST /api/user/login', () => {
  it('returns the customer with a token', async () => {
    const c = await newCustomer(api);
    const res = await api.http.post('/api/user/login').send({ email: c.email, password: c.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['_id', 'email', 'firstname', 'lastname', 'mobile', 'token']);
    const claims = jwt.decode(res.body.token, { complete: true });
    expect(claims?.header.alg).toBe('HS256');
    const payload = claims?.payload as jwt.JwtPayload;
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(24 * 60 * 60);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 message', async () => {
    const c = await newCustomer(api);
    const wrong = await api.http.post('/api/user/login').send({ email: c.email, password: 'not the password' });
    const unknown = await api.http.post('/api/user/login').send({ email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('throttles after five failed attempts, even with the right password', async () => {
    const c = await newCustomer(api);
    for (let i = 0; i < 5; i++) {
      expect((await api.http.post('/api/user/login').send({ email: c.email, password: `wrong-${i}` })).status).toBe(401);
    }
    const blocked = await api.http.post('/api/user/login').send({ email: c.email, password: c.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toContain('Too many failed sign-in attempts');
  });

  it('validates with the login form messages', async () => {
    const res = await api.http.post('/api/user/login').send({ email: 'bad' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Email Should be valid');
    const noPassword = await api.http.post('/api/user/login').send({ email: 'a@example.com' });
    expect(noPassword.body.message).toContain('Password is Required');
  });
});

describe('PUT /api/user/edit-user', () => {
  it('updates the profile and returns the six fields with a fresh token', async () => {
    const c = await newCustomer(api);
    const email = uniqueEmail('renamed');
    const res = await api.http
      .put('/api/user/edit-user')
      .set(c.auth)
      .send({ firstname: 'Asha', lastname: 'Rao', email, mobile: '9123456780', currentPassword: c.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: c.id, firstname: 'Asha', lastname: 'Rao', email, mobile: '9123456780' });
    expect(typeof res.body.token).toBe('string');
    const again = await api.http.get('/api/user/cart').set({ Authorization: `Bearer ${res.body.token}` });
    expect(again.status).toBe(200);
  });

  // #38: a mobile number with spaces or +91 was refused on the profile.
  it('keeps the ten digits of a mobile number written with spaces and +91', async () => {
    const c = await newCustomer(api);
    const res = await api.http
      .put('/api/user/edit-user')
      .set(c.auth)
      .send({ firstname: 'Asha', lastname: 'Rao', email: c.email, mobile: '+91 98250 12345' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mobile).toBe('9825012345');
  });

  it.each([
    [{ lastname: 'R', email: 'a@example.com', mobile: '1' }, 'First Name is Required'],
    [{ firstname: 'A', email: 'a@example.com', mobile: '1' }, 'Last Name is Required'],
    [{ firstname: 'A', lastname: 'R', email: 'nope', mobile: '1' }, 'Email Should be valid'],
    [{ firstname: 'A', lastname: 'R', email: 'a@example.com' }, 'Mobile No is Required'],
    [{ firstname: 'A', lastname: 'R', email: 'a@example.com', mobile: '12.5' }, 'positive whole number'],
  ])('validates like the profile form: %j', async (body, message) => {
    const c = await newCustomer(api);
    const res = await api.http.put('/api/user/edit-user').set(c.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("refuses another customer's e-mail", async () => {
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    const res = await api.http
      .put('/api/user/edit-user')
      .set(b.auth)
      .send({ firstname: 'B', lastname: 'B', email: a.email, mobile: '1', currentPassword: b.password });
    expect(res.status).toBe(409);
  });
});

describe('GET /api/user/me', () => {
  it('returns the signed-in customer without secrets, and 401 without a token', async () => {
    const c = await newCustomer(api);
    const res = await api.http.get('/api/user/me').set(c.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: c.id, email: c.email, firstname: 'Asha', lastname: 'Patel', mobile: '9876543210' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    expect((await api.http.get('/api/user/me')).status).toBe(401);
  });
});

describe('bearer tokens', () => {
  const secretless = (payload: object) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;

  it.each([
    ['missing', undefined],
    ['empty', 'Bearer '],
    ['malformed', 'Bearer not.a.token'],
    ['not bearer', 'Basic abc'],
  ])('answers a %s token with 401', async (_label, header) => {
    const req = api.http.get('/api/user/cart');
    const res = header === undefined ? await req : await req.set('Authorization', header);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses alg none, a foreign secret and an expired token', async () => {
    const c = await newCustomer(api);
    const none = secretless({ sub: c.id, pwd: 0 });
    const foreign = jwt.sign({ pwd: 0 }, 'another-secret-another-secret-another', { subject: c.id });
    const expired = jwt.sign({ pwd: 0 }, api.config.jwtSecret, { subject: c.id, expiresIn: -10 });
    for (const token of [none, foreign, expired]) {
      const res = await api.http.get('/api/user/cart').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
  });
});
