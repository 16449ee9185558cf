import type { ConsentRecord } from '@digitic/rest-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, startTestApi, type TestApi } from '../test/harness.js';

// The consent record (DPDP Act, 2023, s. 6): signing up under the privacy notice is the consent to it, recorded with
// the notice's version; deleting the account withdraws it, and the record stays as proof of what was agreed.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const consents = async (auth: { Authorization: string }) => (await api.http.get('/api/user/consents').set(auth)).body as ConsentRecord[];

describe('the consent record', () => {
  it('notes the notice version the sign-up showed (never one newer than in force), and its withdrawal with the account', async () => {
    const inForce = (await api.http.get('/api/policies/privacy-policy')).body.version as number;
    expect(inForce).toBeGreaterThan(0);
    const shown = await newCustomer(api, { noticeVersion: inForce });
    expect(await consents(shown.auth)).toEqual([
      { purpose: 'account', noticeVersion: inForce, givenAt: expect.any(String), withdrawnAt: null },
    ]);
    const other = await newCustomer(api);
    expect((await consents(other.auth))[0]?.noticeVersion).toBe(inForce);
    const ahead = await newCustomer(api, { noticeVersion: inForce + 5 });
    expect((await consents(ahead.auth))[0]?.noticeVersion).toBe(inForce);
    const bad = await api.http
      .post('/api/user/register')
      .send({ firstname: 'A', email: 'n@example.com', password: 'a long password', noticeVersion: 'v1' });
    expect(bad.body.message).toBe('noticeVersion is the privacy notice version shown');

    // In the download of their data, and withdrawn with the account, its record kept.
    const exported = (await api.http.get('/api/user/data-export').set(shown.auth)).body as { consents: { notice_version: number }[] };
    expect(exported.consents).toEqual([expect.objectContaining({ notice_version: inForce })]);
    expect((await api.http.post('/api/user/account/erase').set(shown.auth).send({ password: shown.password })).status).toBe(200);
    const kept = await api.database.db.selectFrom('consents').selectAll().where('customer_id', '=', shown.id).execute();
    expect(kept).toEqual([expect.objectContaining({ purpose: 'account', notice_version: inForce, withdrawn_at: expect.any(Date) })]);
    expect((await api.http.get('/api/user/consents').set(shown.auth)).status).toBe(401);
  });
});
