// "Download my data" through the gateway's own origin: the api's file, passed with the shopper's bearer token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('the data export', () => {
  it('downloads the signed-in shopper’s data as a file, and nothing without a sign-in', async () => {
    const { token, email } = await signUp(gw);
    const res = await fetch(`${gw.url}/api/user/data-export`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-/);
    const data = (await res.json()) as { profile: { email: string }[] };
    expect(data.profile[0]?.email).toBe(email);
    expect((await fetch(`${gw.url}/api/user/data-export`)).status).toBe(401);
  });
});

describe('deleting an account', () => {
  it('needs the password again, then the token and the password open nothing', async () => {
    const { token, email } = await signUp(gw);
    const DELETE = 'mutation($p: String!) { deleteAccount(password: $p) }';
    const wrong = await gw.gql(DELETE, { p: 'not it' }, token);
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'The password is not right: your account is kept',
      extensions: { code: 'BAD_USER_INPUT', field: 'password' },
    });
    const done = await gw.gql<{ deleteAccount: boolean }>(DELETE, { p: 'correct horse battery' }, token);
    expect(done.errors).toBeUndefined();
    expect(done.data?.deleteAccount).toBe(true);
    expect((await gw.gql('{ me { id } }', {}, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const login = await gw.gql('mutation($i: LoginInput!) { login(input: $i) { token } }', {
      i: { email, password: 'correct horse battery' },
    });
    expect(login.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gw.gql(DELETE, { p: 'x' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('the consent record', () => {
  it('is the notice version the sign-up showed, read back by the customer', async () => {
    const email = `gw.consent.${Date.now().toString(36)}@example.com`;
    const notice = await gw.gql<{ policyPage: { version: number } }>('{ policyPage(page: PRIVACY_POLICY) { version } }');
    const version = notice.data?.policyPage.version as number;
    const reg = await gw.gql('mutation($i: RegisterInput!) { register(input: $i) { id } }', {
      i: { firstname: 'Ira', email, password: 'correct horse battery', noticeVersion: version },
    });
    expect(reg.errors).toBeUndefined();
    const login = await gw.gql<{ login: { token: string } }>('mutation($i: LoginInput!) { login(input: $i) { token } }', {
      i: { email, password: 'correct horse battery' },
    });
    const mine = await gw.gql<{ myConsents: { purpose: string; noticeVersion: number; givenAt: string; withdrawnAt: string | null }[] }>(
      '{ myConsents { purpose noticeVersion givenAt withdrawnAt } }',
      {},
      login.data?.login.token,
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.myConsents).toEqual([{ purpose: 'ACCOUNT', noticeVersion: version, givenAt: expect.any(String), withdrawnAt: null }]);
    expect((await gw.gql('{ myConsents { purpose } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
