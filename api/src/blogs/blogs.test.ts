import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('blogs', () => {
  it('lists at least six blogs across Watch, Tv, Camera and Laptop', async () => {
    const res = await api.http.get('/api/blog');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(6);
    expect(new Set(res.body.map((b: { category: string }) => b.category))).toEqual(new Set(['Watch', 'Tv', 'Camera', 'Laptop']));
    expect(res.body[0]).toMatchObject({ _id: expect.any(String), title: expect.any(String), description: expect.stringMatching(/^<p>/) });
    expect(res.body[0].images[0].url).toMatch(/^\/api\/images\/blog\/.+\.svg$/);
    expect(Date.parse(res.body[0].createdAt)).not.toBeNaN();
  });

  it('returns one blog, and 404 for an unknown or malformed id', async () => {
    const [first] = (await api.http.get('/api/blog')).body;
    const res = await api.http.get(`/api/blog/${first._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: first._id, title: first.title });
    expect((await api.http.get('/api/blog/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.http.get('/api/blog/nope')).body).toMatchObject({ message: 'Blog not found', code: 'NOT_FOUND' });
  });
});
