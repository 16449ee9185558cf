import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

describe('errors at the edge', () => {
  it('answers an unknown route with a JSON 404 naming it', async () => {
    const res = await api.http.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'No route for GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('refuses a body over 100 KB with 413', async () => {
    const res = await api.http.post('/api/enquiry').send({ name: 'x', comment: 'y'.repeat(110_000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: 'Request body is larger than 100 KB', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await api.http.post('/api/user/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON');
  });

  it('names the field of a body that is not an object', async () => {
    const res = await api.http.post('/api/user/login').set('Content-Type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('serves the catalogue pictures as SVG and 404s an unknown one', async () => {
    const res = await api.http.get('/api/images/product/laptop-silver-1.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(String(res.body)).toContain('<svg');
    expect((await api.http.get('/api/images/product/toaster-silver-1.svg')).status).toBe(404);
    expect((await api.http.get('/api/images/blog/camera-2.svg')).status).toBe(200);
  });
});

describe('health and a lost database', () => {
  it('reports the database up, then answers 503 without crashing once it is gone', async () => {
    const lost = await startTestApi({ seed: false });
    try {
      const up = await lost.http.get('/api/health');
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ status: 'ok', database: { status: 'up' } });
      await lost.database.close();
      const down = await lost.http.get('/api/health');
      expect(down.status).toBe(503);
      expect(down.body.database.status).toBe('down');
      const blog = await lost.http.get('/api/blog');
      expect(blog.status).toBe(503);
      expect(blog.body.message).toBe('The shop database is unavailable. Please try again shortly.');
      expect(JSON.stringify(blog.body)).not.toMatch(/select|stack|at /i);
    } finally {
      await lost.close();
    }
  });
});
