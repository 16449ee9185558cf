import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const PASSWORD = 'correct horse battery';
const UPDATE = 'mutation($i: ProfileInput!) { updateProfile(input: $i) { token customer { id email lastname } } }';
const UNDO = 'mutation($t: String!) { undoEmailChange(token: $t) { message } }';
const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  i: { firstname: 'Asha', lastname: 'Patel', mobile: '9876543210', email, ...extra },
});
const newEmail = () => `moved.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('changing the e-mail through GraphQL', () => {
  // A stolen bearer token alone could move the account to another address through updateProfile.
  it('refuses a new e-mail without the current password, or with a wrong one, naming the field', async () => {
    const { token, email } = await signUp(gw);
    for (const extra of [{}, { currentPassword: null }, { currentPassword: 'not my password' }]) {
      const res = await gw.gql(UPDATE, profile(newEmail(), extra), token);
      expect(res.errors?.[0]?.extensions, JSON.stringify(extra)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'currentPassword' });
    }
    expect((await gw.gql('{ me { email } }', {}, token)).data).toEqual({ me: { email } });
  });

  it('takes the same address in capitals with spaces as no change, without the password', async () => {
    const { token, email } = await signUp(gw);
    const res = await gw.gql<{ updateProfile: { customer: { email: string; lastname: string } } }>(
      UPDATE,
      profile(` ${email.toUpperCase()} `, { lastname: 'Rao' }),
      token,
    );
    expect(res.data?.updateProfile.customer).toMatchObject({ email, lastname: 'Rao' });
    expect((await gw.gql('{ me { email } }', {}, token)).data).toEqual({ me: { email } });
  });

  it('changes it with the password, signs the old token out, and undoes it once from the mailed link', async () => {
    const { token: oldToken, email } = await signUp(gw);
    const moved = newEmail();
    const res = await gw.gql<{ updateProfile: { token: string; customer: { email: string } } }>(
      UPDATE,
      profile(moved, { currentPassword: PASSWORD }),
      oldToken,
    );
    expect(res.errors).toBeUndefined();
    const fresh = res.data?.updateProfile.token;
    expect((await gw.gql('{ me { email } }', {}, fresh)).data).toEqual({ me: { email: moved } });
    expect((await gw.gql('{ me { id } }', {}, oldToken)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');

    const mail = (await gw.api.outbox()).find((m) => m.to === email && /undo-email-change/.test(m.text));
    const undoToken = /undo-email-change\/([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(mail?.text).toContain(moved);
    const undone = await gw.gql<{ undoEmailChange: { message: string } }>(UNDO, { t: undoToken });
    expect(undone.errors).toBeUndefined();
    expect(undone.data?.undoEmailChange.message).toContain(`e-mail is ${email} again`);
    expect((await gw.gql('{ me { id } }', {}, fresh)).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const again = await gw.gql(UNDO, { t: undoToken });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token' });
    const signIn = await gw.gql('mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { email: moved, password: PASSWORD } });
    expect(signIn.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('throttles a client that guesses undo links, as it does reset links', async () => {
    const codes: unknown[] = [];
    for (let i = 0; i < 11; i++) codes.push((await gw.gql(UNDO, { t: `${'x'.repeat(40)}${i}` })).errors?.[0]?.extensions.code);
    // Ten wrong links a window from one client; those tried earlier in this file count too.
    const limited = codes.indexOf('RATE_LIMITED');
    expect(limited).toBeGreaterThan(0);
    expect(codes.slice(0, limited).every((c) => c === 'BAD_USER_INPUT')).toBe(true);
    expect(codes.slice(limited).every((c) => c === 'RATE_LIMITED')).toBe(true);
  });
});
