import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';

// Regression: a request to a path no route matched became a route label of its own; 80 made-up paths took
// the api's series from 202 to 1,402, never freed.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

const series = async () => {
  const text = await api.services.metrics.registry.metrics();
  return text.split('\n').filter((l) => l.startsWith('http_request'));
};

describe('the api’s request metrics', () => {
  it('label every unmatched path alike, however it is spelled, so made-up paths add no series', async () => {
    await api.http.get('/api/made-up-warmup');
    const before = (await series()).length;
    const made = [
      ...Array.from({ length: 30 }, (_, i) => `/api/nothing-here-${i}`),
      ...Array.from({ length: 20 }, (_, i) => `/random/${'abcdefghij'.slice(0, 1 + (i % 10))}/${i}`),
      ...Array.from({ length: 20 }, (_, i) => `/api/product/${i}/x/${'q'.repeat(i + 1)}`),
      ...Array.from({ length: 10 }, (_, i) => `/API/Nope/${'Z'.repeat(i + 1)}%2f..`),
    ];
    for (const path of made) expect((await api.http.get(path)).status).toBe(404);
    const after = await series();
    expect(after.length).toBe(before);
    expect(after.some((l) => l.includes('route="(unmatched)"'))).toBe(true);
    expect(after.some((l) => /nothing-here|random|qqq|ZZZ/.test(l))).toBe(false);
  });

  it('still label a matched route by its template, never its values', async () => {
    await api.http.get('/api/product/00000000-0000-4000-8000-000000000001');
    await api.http.get('/api/product/00000000-0000-4000-8000-000000000002');
    const lines = (await series()).filter((l) => l.includes('route="/api/product/:id"'));
    expect(lines.length).toBeGreaterThan(0);
    expect((await series()).some((l) => l.includes('00000000-0000'))).toBe(false);
  });
});
