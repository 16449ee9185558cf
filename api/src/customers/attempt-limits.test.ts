import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_WINDOWS_KEPT_MS, attemptWindows } from '../auth/attempts.js';
import { newCustomer, startTestApi, type TestApi, uniqueEmail } from '../test/harness.js';

// Regression: forty sign-ins sent at once for one account all read the failure count before any was
// recorded: 25 guesses were checked where 5 are allowed, and the right password as the 26th got a token.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const login = (email: string, password: string) => api.http.post('/api/user/login').send({ email, password });

describe('sign-in attempts sent at once', () => {
  it('check at most five passwords of one account, and the right one among forty gets no token', async () => {
    const c = await newCustomer(api);
    // The right password 26th, spelled in other cases and spacing as well: one account however written.
    const spellings = [c.email, c.email.toUpperCase(), ` ${c.email} `];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(spellings[i % 3] as string, i === 25 ? c.password : `guess-${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
    expect(answers.some((r) => typeof r.body.token === 'string')).toBe(false);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
    const refused = answers.find((r) => r.status === 429);
    expect(refused?.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('lets the owner in once the window is over, and a success forgets the failures', async () => {
    const c = await newCustomer(api);
    await Promise.all(Array.from({ length: 3 }, (_, i) => login(c.email, `guess-${i}`)));
    expect((await login(c.email, c.password)).status).toBe(200);
    // Forgotten: five more guesses are checked before the account is held again.
    for (let i = 0; i < 5; i++) expect((await login(c.email, `again-${i}`)).status).toBe(401);
    expect((await login(c.email, c.password)).status).toBe(429);
    await api.database.db
      .updateTable('attempt_windows')
      .set({ window_started_at: new Date(Date.now() - 16 * 60_000) })
      .where('key', '=', `login:${c.email}`)
      .execute();
    expect((await login(c.email, c.password)).status).toBe(200);
  });
});

describe('sign-ups', () => {
  it('take at most five attempts an hour for one e-mail, sent at once or not, so "already exists" cannot be asked at speed', async () => {
    const email = uniqueEmail('signup');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.http
          .post('/api/user/register')
          .send({ firstname: 'Ravi', email: i % 2 ? email.toUpperCase() : email, password: 'longenough1' }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toEqual([201]);
    expect(statuses.filter((s) => s === 409).length).toBe(4);
    expect(statuses.filter((s) => s === 429).length).toBe(7);
    expect(answers.find((r) => r.status === 429)?.body.message).toMatch(/^Too many sign-up attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('count nothing for a form the api refused as malformed', async () => {
    const email = uniqueEmail('malformed');
    for (let i = 0; i < 8; i++) expect((await api.http.post('/api/user/register').send({ email, password: 'short' })).status).toBe(400);
    expect((await api.http.post('/api/user/register').send({ firstname: 'Ravi', email, password: 'longenough1' })).status).toBe(201);
  });
});

describe('old attempt windows', () => {
  it('are dropped once they count for nothing, and a window still running is kept', async () => {
    const attempts = attemptWindows(api.database.db);
    const stale = `test:stale:${uniqueEmail()}`;
    const live = `test:live:${uniqueEmail()}`;
    await attempts.reserve(stale, { limit: 5, windowMs: 60_000 });
    await attempts.reserve(live, { limit: 5, windowMs: 60_000 });
    await api.database.db
      .updateTable('attempt_windows')
      .set({ window_started_at: new Date(Date.now() - ATTEMPT_WINDOWS_KEPT_MS - 60_000) })
      .where('key', '=', stale)
      .execute();
    expect(await attempts.prune(ATTEMPT_WINDOWS_KEPT_MS)).toBeGreaterThanOrEqual(1);
    const keys = (await api.database.db.selectFrom('attempt_windows').select('key').where('key', 'in', [stale, live]).execute()).map(
      (r) => r.key,
    );
    expect(keys).toEqual([live]);
  });
});
