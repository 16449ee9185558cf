import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, type GqlResult, newShopper, PASSWORD, type Shopper, uniqueEmail } from '../support/shop-client';
import { localPostgres, type Stack, startStack } from '../support/stack';

// Sign-in and reset guessing, against the production build. The gateway trusts no proxy here
// (TRUST_PROXY unset), so a forged X-Forwarded-For names no other client.

let stack: Stack;
let shop: string;
beforeAll(async () => {
  stack = await startStack({
    basePort: 4830,
    production: true,
    postgresAdminUrl: (await localPostgres()) ?? undefined,
    // The production default, which the test stacks raise for their many shoppers.
    gatewayEnv: { SIGNUP_LIMIT_PER_CLIENT: '10' },
  });
  shop = stack.shops[0] as string;
});
afterAll(async () => {
  await stack?.close();
});

// Accounts this file makes from this one client before the sign-up flood, which count against its limit.
let signedUp = 0;
const shopper = (tag: string) => {
  signedUp += 1;
  return newShopper(shop, tag);
};
const forged = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}`, 'X-Real-IP': `203.0.113.${n}` });
const login = (email: string, password: string, n = 0) =>
  gql(shop, 'mutation($i: LoginInput!) { login(input: $i) { token } }', { i: { email, password } }, { headers: forged(n) });
const askReset = (email: string, n = 0) =>
  gql(shop, 'mutation($e: String!) { requestPasswordReset(email: $e) { message } }', { e: email }, { headers: forged(n) });
const limited = (res: GqlResult) => {
  expect(res.status).toBe(429);
  expect(res.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.data ?? null).toBeNull();
};

// Regression: forty sign-ins sent at once all read the failure count before any failure was recorded (25
// passwords checked where 5 are allowed, a token for the right one as the 26th).
describe('attempts sent at once', () => {
  it('check at most five passwords of one account, however its e-mail is spelled, and the right one gets no token', async () => {
    const victim = await shopper('victim');
    const spellings = [victim.email, victim.email.toUpperCase(), ` ${victim.email}`];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(spellings[i % 3] as string, i === 25 ? PASSWORD : `guess-${i}`, i)),
    );
    expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(35);
    expect(answers.some((r) => r.data !== null && r.data !== undefined)).toBe(false);
  });
});

describe('guessing passwords', () => {
  let owner: Shopper;
  beforeAll(async () => {
    owner = await shopper('owner');
  });

  it('answers 429 after five wrong passwords for one account, even to the right one from a "new" address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login(owner.email, `guess-${i}`, i);
      expect(res.status).toBe(401);
      expect(res.errors?.[0]?.message).toBe('Invalid email or password');
    }
    const blocked = await login(owner.email, PASSWORD, 99);
    limited(blocked);
    expect(blocked.errors?.[0]?.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // The owner's existing session is untouched.
    expect((await gql(shop, '{ me { id } }', {}, { token: owner.token })).data).toEqual({ me: { id: owner.id } });
  });

  it('answers 429 to a client that keeps failing across many accounts, whatever X-Forwarded-For says', async () => {
    let refused: GqlResult | null = null;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await login(uniqueEmail('spray'), 'Summer2026!', i);
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(401);
    }
    expect(refused).not.toBeNull();
    limited(refused as GqlResult);
    limited(await login(uniqueEmail('spray'), 'Winter2026!', 250));
  });
});

describe('asking for reset links', () => {
  it('sends at most three links an hour for one account and refuses the fourth with 429', async () => {
    const email = uniqueEmail('reset');
    for (let i = 0; i < 3; i++) expect((await askReset(email, i)).errors).toBeUndefined();
    const fourth = await askReset(email, 7);
    limited(fourth);
    expect(fourth.errors?.[0]?.message).toMatch(/^Too many password reset requests/);
  });

  it('refuses a client that asks for many accounts', async () => {
    let refused: GqlResult | null = null;
    for (let i = 0; i < 15 && !refused; i++) {
      const res = await askReset(uniqueEmail('many'), i);
      if (res.status === 429) refused = res;
    }
    expect(refused).not.toBeNull();
  });

  it('counts wrong reset tokens against the client', async () => {
    let refused: GqlResult | null = null;
    for (let i = 0; i < 15 && !refused; i++) {
      const res = await gql(
        shop,
        'mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { message } }',
        { i: { token: `guess-${i}-${'x'.repeat(40)}`, password: 'another passphrase' } },
        { headers: forged(i) },
      );
      if (res.status === 429) refused = res;
      else expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(refused).not.toBeNull();
    limited(refused as GqlResult);
  });
});

// Regression: sign-ups had no limit: forty from one client at once all cost a password hash.
describe('sign-ups sent at once', () => {
  it('make at most ten accounts an hour from one client, and answer the rest 429', async () => {
    const signUp = (email: string, n: number) =>
      gql(
        shop,
        'mutation($i: RegisterInput!) { register(input: $i) { id } }',
        { i: { firstname: 'Asha', email, password: PASSWORD } },
        { headers: forged(n) },
      );
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signUp(uniqueEmail('flood'), i)));
    const made = answers.filter((r) => r.status === 200 && !r.errors).length;
    // Less those this file made before (none when this test runs alone); it runs last, as nothing after it could sign up.
    expect(made).toBe(10 - signedUp);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBe(30 - made);
    limited(refused[0] as GqlResult);
    expect(refused[0]?.errors?.[0]?.message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);
  });
});
