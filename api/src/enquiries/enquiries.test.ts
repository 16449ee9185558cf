import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const valid = { name: 'Kiran', email: 'kiran@example.com', mobile: '9876543210', comment: 'Do you ship to Pune?' };

describe('POST /api/enquiry', () => {
  it('stores the enquiry with status Submitted', async () => {
    const res = await api.http.post('/api/enquiry').send({ ...valid, mobile: 9876543210, status: 'Resolved' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...valid, status: 'Submitted', _id: expect.any(String) });
    const row = await api.database.db.selectFrom('enquiries').selectAll().where('id', '=', res.body._id).executeTakeFirstOrThrow();
    expect(row.status).toBe('Submitted');
  });

  it.each([
    [{ name: '' }, 'First Name is Required'],
    [{ email: '' }, 'Email is Required'],
    [{ email: 'kiran' }, 'Email Should be valid'],
    [{ mobile: '' }, 'Mobile No is Required'],
    [{ mobile: '98.5' }, 'Mobile No is Required'],
    [{ mobile: '-98' }, 'Mobile No is Required'],
    [{ comment: ' ' }, 'comments is Required'],
  ])('validates like the contact form: %j', async (change, message) => {
    const res = await api.http.post('/api/enquiry').send({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  // #38: "98250 12345" and "+91 98250 12345" answered "Mobile No is Required" though the field was filled.
  it.each(['98250 12345', '+91 98250 12345', '098250-12345'])('takes a mobile number as people write it: %s', async (mobile) => {
    const res = await api.http
      .post('/api/enquiry')
      .send({ ...valid, mobile, email: `kiran.${Math.random().toString(36).slice(2, 8)}@example.com` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.mobile).toBe('9825012345');
  });

  it('offers no public read of enquiries', async () => {
    expect((await api.http.get('/api/enquiry')).status).toBe(404);
  });
});
