import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './test/harness.js';

// Runs where a Redis answers (CI exports TEST_REDIS_URL when one does), like the PostgreSQL suite.
describe.runIf(process.env.TEST_REDIS_URL)('the response cache in Redis', () => {
  let first: TestGateway;
  let second: TestGateway;
  beforeAll(async () => {
    first = await startTestGateway({ REDIS_URL: process.env.TEST_REDIS_URL as string });
    second = await startTestGateway({ REDIS_URL: process.env.TEST_REDIS_URL as string });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('is shared between gateway instances', async () => {
    const query = `query Shared_${randomBytes(6).toString('hex')} { blogs { title } }`;
    const a = await first.gql(query);
    expect(a.errors).toBeUndefined();
    const before = second.api.requests.length;
    const b = await second.gql(query);
    expect(b).toEqual(a);
    expect(second.api.requests.length).toBe(before);
  });
});
