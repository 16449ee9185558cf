import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../test/harness.js';
import { backOfficeBrowser, codeFor, enrolledStaff, PASSWORD, signedInStaff } from '../test/back-office.js';

// The staff's second factor through the back office's schema and the real api: a lock-out lifted by a staff
// manager (StaffListing.locked, unlockStaff), and a new authenticator app from "Your account".

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const SIGN_IN = 'mutation($i: SignInInput!) { signIn(input: $i) { id } }';
const STAFF = '{ staff { id email locked lockedUntil } }';
type Listing = { id: string; email: string; locked: boolean; lockedUntil: string | null };

describe('a locked account', () => {
  it('shows as locked, for a while or until unlocked, and a staff manager (only) lets them in again', async () => {
    const { browser: owner } = await signedInStaff(gw, 'owner');
    const member = await enrolledStaff(gw, 'support');
    const row = async () => (await owner.admin<{ staff: Listing[] }>(STAFF)).data?.staff.find((s) => s.email === member.email);
    expect(await row()).toMatchObject({ locked: false, lockedUntil: null });

    await sql`update staff set locked_until = now() + interval '15 minutes' where lower(email) = ${member.email}`.execute(
      gw.api.database.db,
    );
    expect((await row())?.locked).toBe(true);
    expect((await row())?.lockedUntil).not.toBeNull();
    await sql`update staff set factor_blocked_at = now(), factor_failures = 20 where lower(email) = ${member.email}`.execute(
      gw.api.database.db,
    );
    expect(await row()).toMatchObject({ locked: true, lockedUntil: null });
    const refused = await member.browser.admin(SIGN_IN, {
      i: { email: member.email, password: PASSWORD, code: codeFor(member.secret, 30_000) },
    });
    expect(refused.errors?.[0]?.message).toMatch(/locked until an owner unlocks it/);

    const { browser: manager } = await signedInStaff(gw, 'manager');
    const id = (await row())?.id as string;
    const notAllowed = await manager.admin('mutation($s: ID!) { unlockStaff(staffId: $s) }', { s: id });
    expect(notAllowed.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const unlocked = await owner.admin<{ unlockStaff: boolean }>('mutation($s: ID!) { unlockStaff(staffId: $s) }', { s: id });
    expect(unlocked.data?.unlockStaff).toBe(true);
    expect(await row()).toMatchObject({ locked: false, lockedUntil: null });
    const again = await owner.admin('mutation($s: ID!) { unlockStaff(staffId: $s) }', { s: id });
    expect(again.errors?.[0]?.message).toBe('This account is not locked');
    const malformed = await owner.admin('mutation { unlockStaff(staffId: "xyz") }');
    expect(malformed.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });
});

describe('a new authenticator app', () => {
  it('is set up with the password, proved with its first code, and signs in from then on', async () => {
    const { email, secret, browser: b } = await enrolledStaff(gw, 'fulfilment');
    await b.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(secret, 30_000) } });
    const START = 'mutation($p: String!) { startAuthenticatorChange(currentPassword: $p) { totpUri totpSecret totpQrSvg expiresAt } }';
    const wrong = await b.admin(START, { p: 'not my password at all' });
    expect(wrong.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' } });
    const started = await b.admin<{
      startAuthenticatorChange: { totpUri: string; totpSecret: string; totpQrSvg: string; expiresAt: string };
    }>(START, { p: PASSWORD });
    const setup = started.data?.startAuthenticatorChange;
    expect(setup?.totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup?.totpUri).toContain(setup?.totpSecret);
    expect(setup?.totpQrSvg).toMatch(/^<svg/);
    expect(new Date(setup?.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
    const FINISH = 'mutation($c: String!) { finishAuthenticatorChange(code: $c) }';
    const oldCode = await b.admin(FINISH, { c: codeFor(secret) });
    expect(oldCode.errors?.[0]?.extensions.field).toBe('code');
    const done = await b.admin<{ finishAuthenticatorChange: boolean }>(FINISH, { c: codeFor(setup?.totpSecret as string) });
    expect(done.data?.finishAuthenticatorChange).toBe(true);
    const fresh = backOfficeBrowser(gw);
    const withNew = await fresh.admin(SIGN_IN, { i: { email, password: PASSWORD, code: codeFor(setup?.totpSecret as string, 30_000) } });
    expect(withNew.errors).toBeUndefined();
  });
});
