import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDeps } from '../cli/commands.js';
import { errorHandler, routeNotFound } from '../http/errors.js';
import { startTestApi, type TestApi } from '../test/harness.js';
import { internalRoutes } from './routes.js';

// Regression: a 15 MB JSON body was parsed before the internal token was checked, and a 64-byte bearer with a
// non-ASCII character answered 500 (unequal byte lengths in timingSafeEqual), which told the token's length.

const TOKEN = 'internal-token-for-tests-0123456789abcdef0123456789';
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false, env: { INTERNAL_TOKEN: TOKEN } });
});
afterAll(() => api.close());

const command = (authorization: string | undefined, body: string, contentType = 'application/json') => {
  const req = api.http.post('/api/internal/commands/payments:reconcile').set('Content-Type', contentType);
  return (authorization === undefined ? req : req.set('Authorization', authorization)).send(body);
};

describe('the internal routes', () => {
  const wrong = [
    undefined,
    '',
    'Bearer ',
    'Bearer x',
    `Bearer ${'x'.repeat(TOKEN.length)}`,
    `Bearer ${'é'.repeat(TOKEN.length / 2)}`,
    `Bearer ${TOKEN.slice(0, -1)}é`,
    `Bearer ${TOKEN}x`,
    `Bearer ${'ÿ'.repeat(64)}`,
    `Basic ${TOKEN}`,
    TOKEN,
  ];

  it.each(wrong.map((w) => [w ?? '(none)', w]))('refuse %s with 401, whatever its length or characters', async (_label, authorization) => {
    const res = await command(authorization, '{}');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'The internal token is missing or wrong', code: 'UNAUTHENTICATED' });
    const backup = await (authorization === undefined
      ? api.http.get('/api/internal/backup')
      : api.http.get('/api/internal/backup').set('Authorization', authorization));
    expect(backup.status).toBe(401);
  });

  it('refuse a caller without the token before reading its body: malformed or oversized, it is never parsed', async () => {
    // Parsed first, these would answer 400 (malformed JSON) and 413 (over the commands' 20 MB).
    expect((await command('Bearer nope', '{"not json')).status).toBe(401);
    expect((await command(undefined, `{"rows": "${'x'.repeat(21 * 1024 * 1024)}"}`)).status).toBe(401);
  });

  it('still run a command for the right token', async () => {
    const res = await command(`Bearer ${TOKEN}`, '{}');
    expect(res.status).toBe(200);
    expect(res.body.exitCode).toBe(0);
    expect((await command(`Bearer ${TOKEN}`, '{"not json')).status).toBe(400);
  });
});

describe('an api without an internal token (PostgreSQL with INTERNAL_TOKEN unset)', () => {
  // The api's own order: internal routes, then the body parser every other route uses.
  const bare = express()
    .use('/api', internalRoutes(undefined, null, {} as CommandDeps))
    .use(express.json({ limit: '100kb' }))
    .use(routeNotFound)
    .use(errorHandler(() => undefined));

  it('has no internal routes, and reads nothing sent to one', async () => {
    for (const body of ['{"not json', `{"rows": "${'x'.repeat(2 * 1024 * 1024)}"}`]) {
      const res = await request(bare).post('/api/internal/commands/payments:reconcile').set('Content-Type', 'application/json').send(body);
      // Parsed first, these would answer 400 and 413.
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await request(bare).get('/api/internal/backup').set('Authorization', 'Bearer x')).status).toBe(404);
  });
});
